import { index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { keyOf } from '../platform/db/links.ts';

/** A shopper and a product; the row goes when either does. */
const shopperAndProduct = () => ({
  userId: uuid('user_id')
    .notNull()
    .references(() => keyOf('users', 'id', 'uuid'), { onDelete: 'cascade' }),
  productId: uuid('product_id')
    .notNull()
    .references(() => keyOf('products', 'id', 'uuid'), { onDelete: 'cascade' }),
});

/** A signed-in shopper's wishlist: one row per product, so adding twice (or merging twice) never duplicates. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    ...shopperAndProduct(),
    /** Orders the list, and tells who was already waiting when a product returned to stock. */
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    // Who wishes for a product that has just returned to stock.
    index('wishlist_items_product_idx').on(table.productId),
  ],
);

/** Shoppers who stopped back-in-stock mails (the link in every such mail); everyone else gets them. */
export const backInStockOptOuts = pgTable('back_in_stock_opt_outs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => keyOf('users', 'id', 'uuid'), { onDelete: 'cascade' }),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How many times each wished-for product has come back from 0 in stock: a return's number keys its mail job and
 * its sent mails, so each return mails each shopper once, and the next return mails them again.
 */
export const backInStockReturns = pgTable('back_in_stock_returns', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => keyOf('products', 'id', 'uuid'), { onDelete: 'cascade' }),
  returns: integer('returns').notNull(),
  lastReturnedAt: timestamp('last_returned_at', { withTimezone: true }).notNull(),
});

/** The back-in-stock mails queued: one per shopper, product and return, whatever the job's reruns. */
export const backInStockMails = pgTable(
  'back_in_stock_mails',
  {
    ...shopperAndProduct(),
    returnNumber: integer('return_number').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId, table.returnNumber] })],
);
