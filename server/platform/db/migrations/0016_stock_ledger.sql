CREATE TABLE "stock_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" text,
	"reason" text,
	"admin_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_quantity_not_zero" CHECK ("stock_movements"."quantity" <> 0),
	CONSTRAINT "stock_movements_kind" CHECK ("stock_movements"."kind" in ('import', 'sale', 'cancellation', 'expiry', 'refund', 'adjustment')),
	CONSTRAINT "stock_movements_adjustment_explained" CHECK ("stock_movements"."kind" <> 'adjustment' or ("stock_movements"."reason" is not null and "stock_movements"."admin_email" is not null))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","created_at","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_threshold_not_negative" CHECK ("products"."low_stock_threshold" >= 0);--> statement-breakpoint
-- The stock a product already has is where its ledger starts, so its stock is the sum of its movements from now on.
INSERT INTO "stock_movements" ("product_id", "quantity", "kind")
  SELECT "id", "count_in_stock", 'import' FROM "products" WHERE "count_in_stock" <> 0;--> statement-breakpoint
CREATE FUNCTION "stock_movements_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_movements is append-only: record a new movement instead';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stock_movements_no_change" BEFORE UPDATE OR DELETE OR TRUNCATE ON "stock_movements"
  FOR EACH STATEMENT EXECUTE FUNCTION "stock_movements_append_only"();
