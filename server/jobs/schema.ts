import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Scheduled work shared by every process (decision 0019): a job is due at runAt; a process claims it with a lease
 * (lockedUntil), so one process at a time runs it, and another takes over if that process dies.
 */
export const jobs = pgTable(
  'jobs',
  {
    /** The handler, e.g. 'payment-check'. */
    kind: text('kind').notNull(),
    /** What it is about, e.g. an attempt's id: one job per kind and key. */
    key: text('key').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** Runs first when lower: webhooks (0) before scheduled checks (1), so a backlog never delays a payment. */
    priority: smallint('priority').notNull().default(1),
    lastError: text('last_error'),
    /** Set when the job failed its last allowed attempt: it is kept, with lastError, and never claimed again. */
    deadAt: timestamp('dead_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.key] }),
    index('jobs_due_idx')
      .on(table.priority, table.runAt)
      .where(sql`${table.deadAt} is null`),
  ],
);
