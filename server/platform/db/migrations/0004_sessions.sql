CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
-- Sessions signed in before this migration: one per refresh-token family, ending 90 days after its sign-in.
INSERT INTO "sessions" ("id", "user_id", "expires_at", "revoked_at", "created_at")
SELECT "family_id", min("user_id"::text)::uuid, min("created_at") + interval '90 days',
  CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN now() END, min("created_at")
FROM "refresh_tokens" GROUP BY "family_id";
