import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The simulator's payments, as PhonePe would keep them: a restart loses nothing. */
export const simulatorPayments = pgTable(
  'simulator_payments',
  {
    /** PhonePe's id for the payment (`orderId` in its answers). */
    id: text('id').primaryKey(),
    merchantOrderId: text('merchant_order_id').notNull(),
    clientId: text('client_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    state: text('state', { enum: ['PENDING', 'COMPLETED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    expireAt: timestamp('expire_at', { withTimezone: true }).notNull(),
    redirectUrl: text('redirect_url').notNull(),
    metaInfo: jsonb('meta_info').$type<Record<string, string>>(),
    /** The pay page's secret path segment. */
    payToken: text('pay_token').notNull(),
    transactionId: text('transaction_id'),
    errorCode: text('error_code'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('simulator_payments_merchant_order_unique').on(table.clientId, table.merchantOrderId),
    uniqueIndex('simulator_payments_pay_token_unique').on(table.payToken),
  ],
);

export const simulatorRefunds = pgTable(
  'simulator_refunds',
  {
    id: text('id').primaryKey(),
    merchantRefundId: text('merchant_refund_id').notNull(),
    clientId: text('client_id').notNull(),
    originalMerchantOrderId: text('original_merchant_order_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    state: text('state', { enum: ['PENDING', 'COMPLETED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    /** When the refund settles by itself (the simulator's bank takes a moment). */
    settleAt: timestamp('settle_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('simulator_refunds_merchant_refund_unique').on(table.clientId, table.merchantRefundId),
    index('simulator_refunds_settle_idx').on(table.state, table.settleAt),
  ],
);

/** Access tokens the simulator issued, so any process (and a restarted one) accepts them. */
export const simulatorTokens = pgTable('simulator_tokens', {
  token: text('token').primaryKey(),
  clientId: text('client_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
