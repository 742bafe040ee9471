import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { MAX_PAYMENT_ATTEMPTS, PAYMENT_EVENT_SOURCES } from '../../core/contracts/payments.ts';
import { keyOf } from '../platform/db/links.ts';

export const ATTEMPT_STATES = ['pending', 'completed', 'failed', 'mismatch'] as const;
export const REFUND_STATES = ['requested', 'pending', 'completed', 'failed'] as const;

/** One try at paying an order at the gateway: each has its own merchantOrderId. */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Ours, sent to the gateway: letters, digits, _ and - only, at most 63 characters. */
    merchantOrderId: text('merchant_order_id').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => keyOf('orders', 'id', 'uuid'), { onDelete: 'cascade' }),
    amountPaise: integer('amount_paise').notNull(),
    /** 1 for an order's first attempt, and so on: at most MAX_PAYMENT_ATTEMPTS, whatever races. */
    attemptNumber: smallint('attempt_number').notNull(),
    state: text('state', { enum: ATTEMPT_STATES }).notNull().default('pending'),
    /** The gateway's own id for the payment, once its outcome arrived (webhook or status check). */
    gatewayOrderId: text('gateway_order_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** What the gateway reported as paid, when it differs from amountPaise too. */
    paidAmountPaise: integer('paid_amount_paise'),
    errorCode: text('error_code'),
    /** When the gateway was last asked about it: shoppers' polls ask at most once per few seconds per attempt. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_attempts_merchant_order_unique').on(table.merchantOrderId),
    index('payment_attempts_order_idx').on(table.orderId, table.createdAt),
    uniqueIndex('payment_attempts_order_number_unique').on(table.orderId, table.attemptNumber),
    check(
      'payment_attempts_at_most_allowed',
      sql`${table.attemptNumber} between 1 and ${sql.raw(String(MAX_PAYMENT_ATTEMPTS))}`,
    ),
  ],
);

/** Money going back for a cancelled paid order; a refund the gateway failed may be followed by a retry (issue 22). */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantRefundId: text('merchant_refund_id').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => keyOf('orders', 'id', 'uuid'), { onDelete: 'cascade' }),
    /** The attempt that was paid, whose merchantOrderId the refund names. */
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id),
    amountPaise: integer('amount_paise').notNull(),
    state: text('state', { enum: REFUND_STATES }).notNull().default('requested'),
    gatewayRefundId: text('gateway_refund_id'),
    reason: text('reason').notNull(),
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_refunds_merchant_refund_unique').on(table.merchantRefundId),
    // At most one live or completed refund per attempt, however many race; failed ones stay beside their retry.
    uniqueIndex('payment_refunds_one_per_attempt')
      .on(table.attemptId)
      .where(sql`${table.state} <> 'failed'`),
    check('payment_refunds_amount_positive', sql`${table.amountPaise} > 0`),
  ],
);

/** Every change of an attempt, a refund or an order's payment: what changed, when, and who learnt it. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => keyOf('orders', 'id', 'uuid'), { onDelete: 'cascade' }),
    attemptId: uuid('attempt_id'),
    refundId: uuid('refund_id'),
    /** 'attempt', 'refund' or 'order'. */
    subject: text('subject', { enum: ['attempt', 'refund', 'order'] }).notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    source: text('source', { enum: PAYMENT_EVENT_SOURCES }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_events_order_idx').on(table.orderId, table.at)],
);
