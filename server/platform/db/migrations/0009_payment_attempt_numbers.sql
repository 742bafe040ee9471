ALTER TABLE "payment_attempts" ADD COLUMN "attempt_number" smallint;--> statement-breakpoint
UPDATE "payment_attempts" a SET "attempt_number" = n.number
  FROM (SELECT "id", row_number() OVER (PARTITION BY "order_id" ORDER BY "created_at", "id") AS number FROM "payment_attempts") n
  WHERE a."id" = n."id";--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "attempt_number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_order_number_unique" ON "payment_attempts" USING btree ("order_id","attempt_number");--> statement-breakpoint
-- NOT VALID: an order that had more attempts before the limit keeps them; every new attempt is checked.
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_at_most_allowed" CHECK ("payment_attempts"."attempt_number" between 1 and 5) NOT VALID;
