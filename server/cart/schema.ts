import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { keyOf } from '../platform/db/links.ts';

/** A signed-in shopper's cart, kept on the server so it follows them across devices. Prices are never stored. */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => keyOf('users', 'id', 'uuid'), { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => keyOf('products', 'id', 'uuid'), { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Keeps the order in which lines were first added. */
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
