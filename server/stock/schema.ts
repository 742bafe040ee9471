import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { keyOf } from '../platform/db/links.ts';
import { STOCK_MOVEMENT_KINDS } from '../../core/contracts/admin-stock.ts';

/** Each product's stock (decision 0062): one row per product, made with it. */
export const stockLevels = pgTable(
  'stock_levels',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => keyOf('products', 'id', 'uuid')),
    /** The sum of the product's stock_movements, kept beside them in every transaction that adds one. */
    countInStock: integer('count_in_stock').notNull().default(0),
    /** At or below this the product is low on stock (a mail, the low-stock list); null: LOW_STOCK_THRESHOLD. */
    lowStockThreshold: integer('low_stock_threshold'),
  },
  (table) => [
    check('stock_levels_not_negative', sql`${table.countInStock} >= 0`),
    check('stock_levels_threshold_not_negative', sql`${table.lowStockThreshold} >= 0`),
  ],
);

/**
 * The stock ledger (decision 0034): every change of a product's stock, signed (−2 for a sale of two). A product's
 * count_in_stock is the sum of its rows. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: uuid('product_id')
      .notNull()
      .references(() => keyOf('products', 'id', 'uuid')),
    quantity: integer('quantity').notNull(),
    kind: text('kind', { enum: STOCK_MOVEMENT_KINDS }).notNull(),
    /** The public id of the order that moved the stock (sales, cancellations, expiries, refunds). */
    orderId: text('order_id'),
    /** Why an admin adjusted it: required for adjustments. */
    reason: text('reason'),
    adminEmail: text('admin_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stock_movements_product_idx').on(table.productId, table.createdAt, table.id),
    check('stock_movements_quantity_not_zero', sql`${table.quantity} <> 0`),
    check(
      'stock_movements_kind',
      sql`${table.kind} in (${sql.raw(STOCK_MOVEMENT_KINDS.map((kind) => `'${kind}'`).join(', '))})`,
    ),
    check(
      'stock_movements_adjustment_explained',
      sql`${table.kind} <> 'adjustment' or (${table.reason} is not null and ${table.adminEmail} is not null)`,
    ),
  ],
);
