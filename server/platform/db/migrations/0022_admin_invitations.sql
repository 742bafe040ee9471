CREATE TABLE "admin_invitations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"totp_secret" text,
	"failed_codes" integer DEFAULT 0 NOT NULL,
	"invited_by" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "admin_invitations_token_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Staff added before invitations (decision 0048) who never set up an authenticator would still get in with whatever
-- password their account had: they become expired invitations, which the owner sends anew from the Team page.
INSERT INTO "admin_invitations" ("user_id", "role", "token_hash", "invited_by", "sent_at", "expires_at")
SELECT "user_id", 'staff', 'expired:' || md5(random()::text || "user_id"::text), coalesce("created_by", 'unknown'), "created_at", now()
FROM "admins" WHERE "role" = 'staff' AND "totp_enrolled_at" IS NULL;--> statement-breakpoint
DELETE FROM "admins" WHERE "role" = 'staff' AND "totp_enrolled_at" IS NULL;
