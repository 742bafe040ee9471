import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, type OrderAddress } from '../../core/contracts/orders.ts';
import { PAYMENT_STATUSES } from '../../core/contracts/payments.ts';
import { PAYMENT_METHODS } from '../../core/constants.ts';
import { keyOf } from '../platform/db/links.ts';

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Public and unguessable: 120 random bits. */
    orderId: text('order_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => keyOf('users', 'id', 'uuid')),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A prepaid order unpaid by then expires and releases its stock; null for cash on delivery. */
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('placed'),
    /** In paise, computed by the server from the database. */
    itemsPricePaise: integer('items_price_paise').notNull(),
    shippingPricePaise: integer('shipping_price_paise').notNull(),
    totalPricePaise: integer('total_price_paise').notNull(),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>().notNull(),
    /** The e-mail the order was placed with, lowercased, for tracking and mail. */
    email: text('email').notNull(),
    /** A client's Idempotency-Key; a retry with the same key returns this order. */
    idempotencyKey: text('idempotency_key'),
    /** A hash of the normalised request placed under the key: a retry with another body is refused. */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /** Set when the shop ships the order (issue 22): the courier, its tracking number and its https tracking page. */
    courier: text('courier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_order_id_unique').on(table.orderId),
    uniqueIndex('orders_idempotency_unique')
      .on(table.userId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    // The back office's list (issue 22): newest first, by status, region or search (method and payment state have
    // too few values for an index to beat reading the newest rows).
    index('orders_created_idx').on(table.createdAt, table.id),
    index('orders_status_created_idx').on(table.status, table.createdAt),
    index('orders_short_id_idx').on(sql`right(${table.orderId}, 6)`),
    index('orders_email_idx').on(table.email),
    index('orders_phone_idx').on(sql`(${table.shippingAddress}->>'phone')`),
    index('orders_pincode_idx').on(sql`(${table.shippingAddress}->>'pincode')`),
    index('orders_state_idx').on(sql`lower(${table.shippingAddress}->>'state')`),
    index('orders_awaiting_payment_idx')
      .on(table.userId)
      .where(sql`${table.paymentMethod} = 'prepaid' and ${table.paymentStatus} in ('pending', 'failed')`),
    check(
      'orders_total_is_sum',
      sql`${table.totalPricePaise} = ${table.itemsPricePaise} + ${table.shippingPricePaise}`,
    ),
  ],
);

/** Order lines with a snapshot of what the shopper saw: title, image and unit price. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null once the product is deleted; the snapshot stays. */
    productId: uuid('product_id').references(() => keyOf('products', 'id', 'uuid'), { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** The media key of the first product image. */
    image: text('image'),
    unitPricePaise: integer('unit_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId),
    check('order_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/** Each status an order reached, with its time. */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Who made the change: the shopper, the shop, or the system. */
    actor: text('actor', { enum: ['shopper', 'shop', 'system'] }).notNull(),
    /** The admin who made it from the back office (issue 22); null for every other change. */
    adminEmail: text('admin_email'),
  },
  (table) => [index('order_status_events_order_idx').on(table.orderId, table.at)],
);
