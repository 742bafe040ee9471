import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../platform/db/client.ts';
import type { AdminActor } from '../platform/audit/actor.ts';
import type { AuditEntry, AuditSearch, AuditTrail } from '../platform/audit/face.ts';
import { auditLog } from './schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;

/** Records admin actions and finds them again; the log is append-only (decision 0033). */
export class AuditLog implements AuditTrail {
  constructor(private readonly database: Database) {}

  /** Writes the entry in `tx`, so it commits (or not) with the change it describes. */
  async record(tx: Db, actor: AdminActor, entry: AuditEntry): Promise<void> {
    await tx.insert(auditLog).values({
      adminId: actor.userId,
      adminEmail: actor.email,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: actor.ip,
      reason: entry.reason ?? null,
    });
  }

  /** Newest first, by admin, action, target and date. */
  async search(search: AuditSearch): Promise<AuditRow[]> {
    const where: SQL[] = [];
    if (search.adminEmail) where.push(eq(auditLog.adminEmail, search.adminEmail.toLowerCase()));
    if (search.action)
      where.push(or(eq(auditLog.action, search.action), sql`${auditLog.action} like ${`${search.action}.%`}`)!);
    if (search.targetType) where.push(eq(auditLog.targetType, search.targetType));
    if (search.targetId) where.push(eq(auditLog.targetId, search.targetId));
    if (search.from) where.push(gte(auditLog.at, search.from));
    if (search.to) where.push(lte(auditLog.at, search.to));
    if (search.before) where.push(lt(auditLog.id, search.before));
    return this.database.db
      .select()
      .from(auditLog)
      .where(and(...where))
      .orderBy(desc(auditLog.id))
      .limit(search.limit);
  }
}
