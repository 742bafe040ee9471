ALTER TABLE "order_status_events" ADD COLUMN "admin_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_short_id_idx" ON "orders" USING btree (right("order_id", 6));--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree ("email");--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree (("shipping_address"->>'phone'));--> statement-breakpoint
CREATE INDEX "orders_pincode_idx" ON "orders" USING btree (("shipping_address"->>'pincode'));--> statement-breakpoint
CREATE INDEX "orders_state_idx" ON "orders" USING btree (lower("shipping_address"->>'state'));