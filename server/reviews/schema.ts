import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { keyOf } from '../platform/db/links.ts';

/**
 * Reviews (decision 0031): one per shopper and product, written again to edit it. The product's `review_count` and
 * `rating_total` count the visible ones, changed in the transaction that writes a review.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => keyOf('products', 'id', 'uuid'), { onDelete: 'cascade' }),
    /** The author; null for imported (demo) reviews and once the author's account is gone. */
    userId: uuid('user_id').references(() => keyOf('users', 'id', 'uuid'), { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    /** The address the author gave with the review (the form's field); never shown. */
    email: text('email'),
    title: text('title').notNull(),
    rating: smallint('rating').notNull(),
    /** As written, byte for byte: neither stripped nor escaped (pages render it as text). */
    message: text('message').notNull(),
    /** Imported reviews' media keys, from before review_photos; new photos are rows of review_photos. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** Set by the server alone: the author has a delivered order of this product. */
    verifiedPurchase: boolean('verified_purchase').notNull().default(false),
    /** Hidden by moderation (a later issue): left out of the list and of the product's rating. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('reviews_product_created_idx').on(table.productId, table.createdAt),
    // The back office's list of every review, newest first, a page at a time (decision 0035).
    index('reviews_created_idx').on(table.createdAt, table.id),
    uniqueIndex('reviews_user_product_unique').on(table.userId, table.productId),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);

/** A review's photos, in the order they were sent: sanitised WebP originals in the media module's storage. */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    mediaKey: text('media_key')
      .notNull()
      .references(() => keyOf('media', 'key', 'text')),
    /** Hidden by moderation (a later issue): left out of the list. */
    hidden: boolean('hidden').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.reviewId, table.position] })],
);

/** A delivered order whose review request mail is queued: one mail per order, however often its job runs. */
export const reviewRequests = pgTable('review_requests', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => keyOf('orders', 'id', 'uuid'), { onDelete: 'cascade' }),
  mailedAt: timestamp('mailed_at', { withTimezone: true }).notNull().defaultNow(),
});
