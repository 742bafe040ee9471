CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"courier_order_id" bigint NOT NULL,
	"shipment_id" bigint NOT NULL,
	"awb" text NOT NULL,
	"courier_name" text NOT NULL,
	"tracking_url" text NOT NULL,
	"label_id" text,
	"manifest_id" text,
	"tracking_status" text,
	"last_scan_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"awb" text NOT NULL,
	"status_id" integer NOT NULL,
	"status" text NOT NULL,
	"label" text NOT NULL,
	"location" text,
	"at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_kind";--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_unique" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_awb_unique" ON "shipments" USING btree ("awb");--> statement-breakpoint
CREATE INDEX "shipments_in_transit_idx" ON "shipments" USING btree ("created_at") WHERE "shipments"."tracking_status" is null or "shipments"."tracking_status" not in ('delivered', 'rto_delivered');--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_scan_unique" ON "tracking_events" USING btree ("awb","status_id","at");--> statement-breakpoint
CREATE INDEX "tracking_events_order_idx" ON "tracking_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "tracking_webhooks_unapplied_idx" ON "tracking_webhooks" USING btree ("received_at") WHERE "tracking_webhooks"."applied_at" is null;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_kind" CHECK ("stock_movements"."kind" in ('import', 'sale', 'cancellation', 'expiry', 'refund', 'adjustment', 'return_to_origin'));