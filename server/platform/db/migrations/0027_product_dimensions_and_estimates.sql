CREATE TABLE "serviceability_cache" (
	"pickup_pin" text NOT NULL,
	"delivery_pin" text NOT NULL,
	"cod" boolean NOT NULL,
	"weight_grams" integer NOT NULL,
	"options" jsonb NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "serviceability_cache_pickup_pin_delivery_pin_cod_weight_grams_pk" PRIMARY KEY("pickup_pin","delivery_pin","cod","weight_grams")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_mm" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "breadth_mm" integer DEFAULT 150 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_mm" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_parcel_positive" CHECK ("products"."weight_grams" > 0 and "products"."length_mm" > 0 and "products"."breadth_mm" > 0 and "products"."height_mm" > 0);