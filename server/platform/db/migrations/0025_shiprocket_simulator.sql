CREATE TABLE "simulator_shiprocket_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"shipment_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulator_shiprocket_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "simulator_shiprocket_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 700000001 CACHE 1),
	"shipment_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "simulator_shiprocket_orders_shipment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 500000001 CACHE 1),
	"channel_order_id" text NOT NULL,
	"payment_method" text NOT NULL,
	"delivery_pin" text NOT NULL,
	"pickup_pin" text NOT NULL,
	"request" jsonb NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"awb" text,
	"courier_id" integer,
	"courier_name" text,
	"pickup_scheduled_at" timestamp with time zone,
	"manifest_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulator_shiprocket_scans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "simulator_shiprocket_scans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"awb" text NOT NULL,
	"status_id" integer NOT NULL,
	"current_status_id" integer NOT NULL,
	"activity" text NOT NULL,
	"location" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulator_shiprocket_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "simulator_shiprocket_orders_channel_unique" ON "simulator_shiprocket_orders" USING btree ("channel_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "simulator_shiprocket_orders_shipment_unique" ON "simulator_shiprocket_orders" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "simulator_shiprocket_orders_awb_unique" ON "simulator_shiprocket_orders" USING btree ("awb");--> statement-breakpoint
CREATE INDEX "simulator_shiprocket_scans_awb_idx" ON "simulator_shiprocket_scans" USING btree ("awb","at");