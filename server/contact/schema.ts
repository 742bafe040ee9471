import { sql } from 'drizzle-orm';
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
    /** When an admin read it (or replied); null while unread in the back office's inbox (decision 0035). */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('contact_messages_ticket_number_unique').on(table.ticketNumber),
    index('contact_messages_created_idx').on(table.createdAt),
    // The dashboard's unread count and the inbox's unread list read only these rows.
    index('contact_messages_unread_idx')
      .on(table.ticketNumber)
      .where(sql`${table.readAt} is null`),
  ],
);

/** The shop's replies to a message, mailed to its sender from the back office: who wrote them, when, and what. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    /** The admin who replied, kept by e-mail as well, as the audit log does, so a reply outlives the account. */
    adminId: uuid('admin_id'),
    adminEmail: text('admin_email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_replies_message_idx').on(table.messageId, table.createdAt)],
);
