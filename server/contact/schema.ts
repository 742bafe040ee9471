import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Messages sent through the contact form, each under a ticket number the shop and the sender both quote. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** From a sequence: short enough to read out on the phone, never reused; starts at six digits. */
    ticketNumber: integer('ticket_number').notNull().generatedAlwaysAsIdentity({ startWith: 100001 }),
    fullname: text('fullname').notNull(),
    /** Lowercased, as the acknowledgement was addressed. */
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('contact_messages_ticket_number_unique').on(table.ticketNumber),
    index('contact_messages_created_idx').on(table.createdAt),
  ],
);
