import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** An original image in file storage; resized variants are derived from it on demand. */
export const media = pgTable('media', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  alt: text('alt').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
