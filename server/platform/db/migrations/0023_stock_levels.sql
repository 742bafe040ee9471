CREATE TABLE "stock_levels" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"count_in_stock" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer,
	CONSTRAINT "stock_levels_not_negative" CHECK ("stock_levels"."count_in_stock" >= 0),
	CONSTRAINT "stock_levels_threshold_not_negative" CHECK ("stock_levels"."low_stock_threshold" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_stock_not_negative";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_low_stock_threshold_not_negative";--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every product's stock and threshold move to the stock module's table before the products' columns go (decision 0062).
INSERT INTO "stock_levels" ("product_id", "count_in_stock", "low_stock_threshold")
  SELECT "id", "count_in_stock", "low_stock_threshold" FROM "products";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "count_in_stock";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "low_stock_threshold";
