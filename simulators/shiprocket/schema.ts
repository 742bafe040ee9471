import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Login tokens the simulator issued: any process (and a restarted one) accepts them until they expire. */
export const simulatorShiprocketTokens = pgTable('simulator_shiprocket_tokens', {
  token: text('token').primaryKey(),
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Orders as Shiprocket keeps them: its own ids, the channel's `order_id`, and the shipment's AWB once assigned. */
export const simulatorShiprocketOrders = pgTable(
  'simulator_shiprocket_orders',
  {
    /** Shiprocket's order id (`order_id` in its answers; `sr_order_id` in webhooks). */
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 700_000_001 }),
    /** Shiprocket's shipment id: one shipment per order here. */
    shipmentId: integer('shipment_id').notNull().generatedAlwaysAsIdentity({ startWith: 500_000_001 }),
    /** The channel's (the shop's) order id. */
    channelOrderId: text('channel_order_id').notNull(),
    paymentMethod: text('payment_method').notNull(),
    deliveryPin: text('delivery_pin').notNull(),
    pickupPin: text('pickup_pin').notNull(),
    /** The create request as sent: labels and manifests print from it. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('NEW'),
    awb: text('awb'),
    courierId: integer('courier_id'),
    courierName: text('courier_name'),
    pickupScheduledAt: timestamp('pickup_scheduled_at', { withTimezone: true }),
    manifestId: text('manifest_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('simulator_shiprocket_orders_channel_unique').on(table.channelOrderId),
    uniqueIndex('simulator_shiprocket_orders_shipment_unique').on(table.shipmentId),
    uniqueIndex('simulator_shiprocket_orders_awb_unique').on(table.awb),
  ],
);

/** The courier's scans of an AWB, added through the control API: tracking answers them, webhooks carry them. */
export const simulatorShiprocketScans = pgTable(
  'simulator_shiprocket_scans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    awb: text('awb').notNull(),
    /** Shiprocket's status id of the shipment at this scan (`shipment_status_id`). */
    statusId: integer('status_id').notNull(),
    /** The courier's own reading (`current_status_id`), which may differ from the shipment's. */
    currentStatusId: integer('current_status_id').notNull(),
    activity: text('activity').notNull(),
    location: text('location'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('simulator_shiprocket_scans_awb_idx').on(table.awb, table.at)],
);

/** Labels and manifests generated: their URLs serve a PDF printed from these shipments. */
export const simulatorShiprocketDocuments = pgTable('simulator_shiprocket_documents', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['label', 'manifest'] }).notNull(),
  shipmentIds: jsonb('shipment_ids').$type<number[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
