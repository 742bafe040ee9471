import { bigint, date, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Page views as counters (decision 0037): one row per day, page type and, on product pages, product, that each
 * beacon adds one to. Nothing about who viewed is kept.
 */
export const pageViewCounts = pgTable(
  'analytics_page_views',
  {
    /** India's calendar day. */
    day: date('day', { mode: 'string' }).notNull(),
    pageType: text('page_type').notNull(),
    /** The product's slug on a product page of a known product; '' otherwise. */
    product: text('product').notNull().default(''),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.pageType, table.product] })],
);

/**
 * Real visitors' Core Web Vitals, one row per measurement, kept VITALS_KEPT_DAYS (decision 0037): the report takes
 * their 75th percentile with percentile_cont.
 */
export const vitalSamples = pgTable(
  'analytics_vital_samples',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    day: date('day', { mode: 'string' }).notNull(),
    pageType: text('page_type').notNull(),
    /** LCP, INP, CLS or TTFB. */
    metric: text('metric').notNull(),
    /** Milliseconds, but for CLS, which has no unit. */
    value: doublePrecision('value').notNull(),
  },
  (table) => [index('analytics_vital_samples_day_idx').on(table.day, table.metric, table.pageType)],
);
