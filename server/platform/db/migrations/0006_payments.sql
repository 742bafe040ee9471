CREATE TABLE "jobs" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_order_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"gateway_order_id" text,
	"redirect_url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_amount_paise" integer,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"attempt_id" uuid,
	"refund_id" uuid,
	"subject" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"source" text NOT NULL,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_refund_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"gateway_refund_id" text,
	"reason" text NOT NULL,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "simulator_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_order_id" text NOT NULL,
	"client_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"redirect_url" text NOT NULL,
	"meta_info" jsonb,
	"pay_token" text NOT NULL,
	"transaction_id" text,
	"error_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulator_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_refund_id" text NOT NULL,
	"client_id" text NOT NULL,
	"original_merchant_order_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"settle_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulator_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_merchant_order_unique" ON "payment_attempts" USING btree ("merchant_order_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_merchant_refund_unique" ON "payment_refunds" USING btree ("merchant_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_one_per_attempt" ON "payment_refunds" USING btree ("attempt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "simulator_payments_merchant_order_unique" ON "simulator_payments" USING btree ("client_id","merchant_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "simulator_payments_pay_token_unique" ON "simulator_payments" USING btree ("pay_token");--> statement-breakpoint
CREATE UNIQUE INDEX "simulator_refunds_merchant_refund_unique" ON "simulator_refunds" USING btree ("client_id","merchant_refund_id");--> statement-breakpoint
CREATE INDEX "simulator_refunds_settle_idx" ON "simulator_refunds" USING btree ("state","settle_at");--> statement-breakpoint
CREATE INDEX "orders_awaiting_payment_idx" ON "orders" USING btree ("user_id") WHERE "orders"."payment_method" = 'prepaid' and "orders"."payment_status" in ('pending', 'failed');