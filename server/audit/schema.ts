import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The back office's audit log (issue 22, decision 0033): one row per admin action, never changed or removed (a
 * trigger refuses UPDATE and DELETE). The admin is kept by e-mail as well as id, so an entry outlives its account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    adminId: uuid('admin_id'),
    adminEmail: text('admin_email').notNull(),
    /** What was done, as `<thing>.<verb>`, e.g. `order.status`, `product.update`, `review.hide`. */
    action: text('action').notNull(),
    /** What it was done to: `order`, `product`, `review`, `admin`, … */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull(),
    /** Required for refunds, stock adjustments and cancellations. */
    reason: text('reason'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_admin_idx').on(table.adminEmail, table.at),
    index('audit_log_action_idx').on(table.action, table.at),
    index('audit_log_target_idx').on(table.targetType, table.targetId, table.at),
  ],
);
