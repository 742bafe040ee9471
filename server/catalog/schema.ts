import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { STOCK_MOVEMENT_KINDS } from '../../core/contracts/admin-stock.ts';
import type { ListingFacts } from '../../core/contracts/listing-facts.ts';

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /** MRP and selling price, in paise. */
    originalPricePaise: integer('original_price_paise').notNull(),
    pricePaise: integer('price_paise').notNull(),
    /** The sum of the product's stock_movements, kept beside them in every transaction that adds one. */
    countInStock: integer('count_in_stock').notNull().default(0),
    /** At or below this the product is low on stock (a mail, the low-stock list); null: LOW_STOCK_THRESHOLD. */
    lowStockThreshold: integer('low_stock_threshold'),
    /** Media keys, in display order. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** Alt text by media key; an image without one is described by the product's title. */
    imageAlts: jsonb('image_alts').$type<Record<string, string>>().notNull().default({}),
    /** The Legal Metrology facts (decision 0036); null for a product added before they were asked for. */
    listingFacts: jsonb('listing_facts').$type<ListingFacts>(),
    /** Hidden by an admin: out of the shop, the sitemap and search engines, kept for orders and wishlists. */
    hidden: boolean('hidden').notNull().default(false),
    specs: jsonb('specs').$type<string[]>().notNull().default([]),
    description: jsonb('description').$type<string[]>().notNull().default([]),
    whatsInTheBox: jsonb('whats_in_the_box').$type<string[]>().notNull().default([]),
    /** Kept in step with the reviews table, so listing never aggregates. */
    reviewCount: integer('review_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('products_created_at_idx').on(table.createdAt),
    check('products_price_positive', sql`${table.pricePaise} > 0`),
    check('products_price_not_above_mrp', sql`${table.pricePaise} <= ${table.originalPricePaise}`),
    check('products_stock_not_negative', sql`${table.countInStock} >= 0`),
    check('products_low_stock_threshold_not_negative', sql`${table.lowStockThreshold} >= 0`),
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
      .references(() => products.id),
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

// The reviews table is the reviews module's (server/reviews/schema.ts); products keep its count and total above.

/** Home-page imagery: the promo carousel and the 'Product SnapShots' pair. */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  placement: text('placement', { enum: ['carousel', 'snapshot'] }).notNull(),
  mediaKey: text('media_key').notNull(),
  alt: text('alt').notNull(),
  position: integer('position').notNull().default(0),
});
