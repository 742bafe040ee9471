import type { Db } from '../platform/db/client.ts';
import type { AdminActor } from '../platform/audit/actor.ts';
import type { AuditTrail } from '../platform/audit/face.ts';

/** The back office's sign-in events in the audit log (decision 0047), each with the admin and the address. */
export type AuthAction =
  | 'auth.sign-in'
  | 'auth.code-wrong'
  | 'auth.locked'
  | 'auth.recovery-code-used'
  | 'auth.enrolled'
  | 'auth.owner-created';

/** Records what happened to the admin's own account, in `tx`. */
export const recordAuthEvent = (audit: AuditTrail, tx: Db, actor: AdminActor, action: AuthAction, after: object) =>
  audit.record(tx, actor, { action, targetType: 'admin', targetId: actor.userId, after });
