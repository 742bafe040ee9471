CREATE TABLE "analytics_page_views" (
	"day" date NOT NULL,
	"page_type" text NOT NULL,
	"product" text DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_page_views_day_page_type_product_pk" PRIMARY KEY("day","page_type","product")
);
--> statement-breakpoint
CREATE TABLE "analytics_vital_samples" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_vital_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"page_type" text NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_vital_samples_day_idx" ON "analytics_vital_samples" USING btree ("day","metric","page_type");