// What every module sees of the audit module (decision 0061): the append-only log it records admin actions in.
import type { Db } from '../db/client.ts';
import { face } from '../kernel/face.ts';
import type { AdminActor } from './actor.ts';

/** One admin action, as a module records it in the transaction of the change itself. */
export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

export interface AuditSearch {
  adminEmail?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
  /** Entries older than this id (the previous page's last), for paging back in time. */
  before?: number;
  limit: number;
}

/** One entry of the log as it is kept. */
export interface AuditRecord {
  id: number;
  at: Date;
  adminId: string | null;
  adminEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  ip: string;
  reason: string | null;
}

export interface AuditTrail {
  /** Records `entry` in `tx`, the transaction of the change, so the log holds exactly what was committed. */
  record(tx: Db, actor: AdminActor, entry: AuditEntry): Promise<void>;
  /** The entries `search` matches, newest first. */
  search(search: AuditSearch): Promise<AuditRecord[]>;
}

export interface AuditFace {
  audit: AuditTrail;
}

export const auditFace = face<AuditFace>('audit');
