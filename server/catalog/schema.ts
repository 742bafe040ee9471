import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * The parcel one unit makes (issue 34, decision 0075): weight to the gram, sides to the millimetre, so a
     * courier's kg and cm come back exactly as an admin typed them. Every product starts at 0.5 kg, 20 × 15 × 10 cm.
     */
    weightGrams: integer('weight_grams').notNull().default(500),
    lengthMm: integer('length_mm').notNull().default(200),
    breadthMm: integer('breadth_mm').notNull().default(150),
    heightMm: integer('height_mm').notNull().default(100),
    reviewCount: integer('review_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('products_created_at_idx').on(table.createdAt),
    check('products_price_positive', sql`${table.pricePaise} > 0`),
    check('products_price_not_above_mrp', sql`${table.pricePaise} <= ${table.originalPricePaise}`),
    check(
      'products_parcel_positive',
      sql`${table.weightGrams} > 0 and ${table.lengthMm} > 0 and ${table.breadthMm} > 0 and ${table.heightMm} > 0`,
    ),
  ],
);

// Stock levels and the ledger are the stock module's (server/stock/schema.ts, decision 0062); the reviews table is
// the reviews module's (server/reviews/schema.ts); products keep its count and total above.

/** Home-page imagery: the promo carousel and the 'Product SnapShots' pair. */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  placement: text('placement', { enum: ['carousel', 'snapshot'] }).notNull(),
  mediaKey: text('media_key').notNull(),
  alt: text('alt').notNull(),
  position: integer('position').notNull().default(0),
});
