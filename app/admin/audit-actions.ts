/**
 * An audit entry's action in words, beside its code on /admin/audit: the sign-in events (decision 0047) and the
 * team's. Null for an action whose code says enough (`product.update`).
 */
import type { AuditEntryView } from '../../core/contracts/admin-audit';

type Facts = Record<string, unknown>;
const factsOf = (after: unknown): Facts => (after && typeof after === 'object' ? (after as Facts) : {});
const minutes = (seconds: unknown) => {
  const count = Math.ceil(Number(seconds) / 60);
  return count >= 120 ? `${Math.ceil(count / 60)} hours` : `${count} minute${count === 1 ? '' : 's'}`;
};

const LABELS: Record<string, (facts: Facts) => string> = {
  'auth.sign-in': ({ step, method }) =>
    step === 'password' ? 'Password accepted; the code comes next' : `Signed in with ${String(method ?? 'a code')}`,
  'auth.code-wrong': ({ kind, failures }) =>
    `Wrong ${kind === 'recovery code' ? 'recovery' : 'authenticator'} code` +
    (failures ? ` (${String(failures)} of 5 in 15 minutes)` : ''),
  'auth.locked': ({ lockedForSeconds }) => `Code step locked for ${minutes(lockedForSeconds)} after wrong codes`,
  'auth.recovery-code-used': ({ codesLeft }) =>
    `Recovery code used${codesLeft === undefined ? '' : `, ${String(codesLeft)} left`}`,
  'auth.enrolled': () => 'Authenticator app set up',
  'auth.owner-created': ({ createdAccount }) =>
    `Owner made from the command line${createdAccount ? ' (a new account)' : ''}`,
  'admin.add': () => 'Admin added',
  'admin.remove': () => 'Admin removed',
  'admin.invitation-sent': () => 'Invitation sent',
  'admin.invitation-accepted': () => 'Invitation accepted',
  'admin.invitation-revoked': () => 'Invitation revoked',
};

export function auditActionLabel(entry: Pick<AuditEntryView, 'action' | 'after'>): string | null {
  return LABELS[entry.action]?.(factsOf(entry.after)) ?? null;
}
