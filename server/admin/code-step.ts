import { and, eq, isNotNull, isNull, ne, notLike, sql } from 'drizzle-orm';
import type { Database, Db } from '../platform/db/client.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { AdminActor } from '../platform/audit/actor.ts';
import type { AuditTrail } from '../platform/audit/face.ts';
import type { MailOutbox } from '../platform/mail/face.ts';
import { ADMIN_MESSAGES, codesLockedMessage, type AdminViewer } from '../../core/contracts/admin-session.ts';
import { adminRecoveryCodes, adminSessions, admins } from './schema.ts';
import { acceptedStep, newRecoveryCodes, recoveryCodeHash, recoveryCodeMatches } from './second-factor.ts';
import { recordAuthEvent } from './auth-events.ts';
import type { CodeLock } from './code-lock.ts';
import { codeLockMail, recoveryCodeUsedMail } from './mails.ts';
import { isSealed, type SecretBox } from './secret-box.ts';
import { newToken, tokenHash } from './session-token.ts';

export interface CodeStepOptions {
  database: Database;
  audit: AuditTrail;
  outbox: MailOutbox;
  lock: CodeLock;
  secrets: SecretBox;
  shopName: string;
}

export interface CodeProof {
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

/** A session past the password, the cookie token it came with, and where the request came from. */
export interface CodeAttempt {
  session: AdminViewer & { userId: string };
  token: string;
  ip: string;
  proof: CodeProof;
}

type AdminRow = typeof admins.$inferSelect;
type Passed = { method: 'authenticator' | 'recovery code'; recoveryCodes?: string[]; codesLeft?: number };

/**
 * The second factor (decision 0047): a TOTP code, which also completes enrolment, or an unused recovery code. The
 * account's code step locks after too many wrong codes (CodeLock); attempts on one account take turns on its row,
 * so parallel guesses cannot slip past the count. A right code issues the session a new cookie token and CSRF
 * token. Each outcome is in the audit log; a lock and a recovery code used are mailed to the admin.
 */
export class CodeStep {
  constructor(private readonly options: CodeStepOptions) {}

  async take(attempt: CodeAttempt): Promise<{ token: string; viewer: AdminViewer; recoveryCodes?: string[] }> {
    const { lock, database } = this.options;
    const waiting = await lock.lockedFor(attempt.session.userId);
    if (waiting) throw locked(waiting);
    const outcome = await database.transaction(async (tx) => {
      const [admin] = await tx.select().from(admins).where(eq(admins.userId, attempt.session.userId)).for('update');
      if (!admin?.totpSecret) throw new HttpError(401, ADMIN_MESSAGES.sessionOver);
      // Under the row's lock: this attempt sees every earlier one on the account counted.
      const lockedFor = await lock.lockedFor(admin.userId);
      if (lockedFor) return { kind: 'locked', seconds: lockedFor } as const;
      const actor = actorOf(attempt);
      const passed = await this.check(tx, admin, attempt.proof);
      if (!passed) return this.refuse(tx, actor, attempt.proof);
      const session = await rotate(tx, attempt.token);
      await this.recordPassed(tx, actor, passed);
      return { kind: 'passed', session, passed } as const;
    });
    if (outcome.kind === 'locked') throw locked(outcome.seconds);
    if (outcome.kind === 'wrong') throw new HttpError(401, ADMIN_MESSAGES.codeWrong);
    const { session, passed } = outcome;
    const viewer = { ...viewerOf(attempt.session), stage: 'complete' as const, csrfToken: session.csrfToken };
    return { token: session.token, viewer, ...(passed.recoveryCodes && { recoveryCodes: passed.recoveryCodes }) };
  }

  private async check(tx: Db, admin: AdminRow, proof: CodeProof): Promise<Passed | null> {
    if (proof.code) {
      const step = acceptedStep(
        this.options.secrets.open(admin.totpSecret!, admin.userId),
        proof.code,
        admin.totpLastStep,
      );
      if (step === null) return null;
      // The conditional update makes two uses of one code count once.
      const used = await tx
        .update(admins)
        .set({ totpLastStep: step, totpEnrolledAt: admin.totpEnrolledAt ?? new Date() })
        .where(and(eq(admins.userId, admin.userId), sql`coalesce(${admins.totpLastStep}, -1) < ${step}`))
        .returning({ userId: admins.userId });
      if (used.length === 0) return null;
      if (admin.totpEnrolledAt) return { method: 'authenticator' };
      const recoveryCodes = newRecoveryCodes();
      await replaceRecoveryCodes(tx, admin.userId, recoveryCodes);
      return { method: 'authenticator', recoveryCodes };
    }
    if (!proof.recoveryCode || !admin.totpEnrolledAt) return null;
    const unused = await tx
      .select({ codeHash: adminRecoveryCodes.codeHash })
      .from(adminRecoveryCodes)
      .where(and(eq(adminRecoveryCodes.userId, admin.userId), isNull(adminRecoveryCodes.usedAt)));
    const match = unused.find(({ codeHash }) => recoveryCodeMatches(codeHash, proof.recoveryCode!));
    if (!match) return null;
    const used = await tx
      .update(adminRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(adminRecoveryCodes.userId, admin.userId),
          eq(adminRecoveryCodes.codeHash, match.codeHash),
          isNull(adminRecoveryCodes.usedAt),
        ),
      )
      .returning({ userId: adminRecoveryCodes.userId });
    return used.length > 0 ? { method: 'recovery code', codesLeft: unused.length - 1 } : null;
  }

  /** Counts the wrong code and records it; the one that locks the account is recorded and mailed too. */
  private async refuse(
    tx: Db,
    actor: AdminActor,
    proof: CodeProof,
  ): Promise<{ kind: 'wrong' } | { kind: 'locked'; seconds: number }> {
    const { failures, lockedForSeconds } = await this.options.lock.failed(actor.userId);
    const kind = proof.code ? 'authenticator' : 'recovery code';
    await recordAuthEvent(this.options.audit, tx, actor, 'auth.code-wrong', { kind, failures });
    if (lockedForSeconds === null) return { kind: 'wrong' };
    await recordAuthEvent(this.options.audit, tx, actor, 'auth.locked', { failures, lockedForSeconds });
    await this.options.outbox.enqueue(codeLockMail(actor.email, this.moment(actor), lockedForSeconds), tx);
    return { kind: 'locked', seconds: lockedForSeconds };
  }

  private async recordPassed(tx: Db, actor: AdminActor, passed: Passed): Promise<void> {
    const { audit, outbox } = this.options;
    if (passed.recoveryCodes) await recordAuthEvent(audit, tx, actor, 'auth.enrolled', { method: 'authenticator' });
    if (passed.codesLeft !== undefined) {
      await recordAuthEvent(audit, tx, actor, 'auth.recovery-code-used', { codesLeft: passed.codesLeft });
      await outbox.enqueue(recoveryCodeUsedMail(actor.email, this.moment(actor), passed.codesLeft), tx);
    }
    await recordAuthEvent(audit, tx, actor, 'auth.sign-in', { step: 'second factor', method: passed.method });
  }

  private moment(actor: AdminActor) {
    return { shopName: this.options.shopName, ip: actor.ip, at: new Date() };
  }
}

/**
 * The session passes the second factor with a new cookie token and CSRF token: whatever saw the ones of the
 * password step (a shared computer, a log) cannot use the signed-in session.
 */
async function rotate(tx: Db, token: string): Promise<{ token: string; csrfToken: string }> {
  const fresh = { token: newToken(), csrfToken: newToken() };
  const [row] = await tx
    .update(adminSessions)
    .set({ tokenHash: tokenHash(fresh.token), csrfToken: fresh.csrfToken, stage: 'complete' })
    .where(and(eq(adminSessions.tokenHash, tokenHash(token)), ne(adminSessions.stage, 'complete')))
    .returning({ userId: adminSessions.userId });
  // Ended (or completed by another request) meanwhile: the code is not spent.
  if (!row) throw new HttpError(401, ADMIN_MESSAGES.sessionOver);
  return fresh;
}

export async function replaceRecoveryCodes(tx: Db, userId: string, codes: string[]): Promise<void> {
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await tx.insert(adminRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })));
}

/** Seals the authenticator secrets kept before decision 0047; run at start, harmless when there are none. */
export async function sealPlaintextSecrets(db: Db, secrets: SecretBox): Promise<number> {
  const plain = await db
    .select({ userId: admins.userId, totpSecret: admins.totpSecret })
    .from(admins)
    .where(and(isNotNull(admins.totpSecret), notLike(admins.totpSecret, 'v1:%')));
  for (const { userId, totpSecret } of plain) {
    if (isSealed(totpSecret!)) continue;
    await db
      .update(admins)
      .set({ totpSecret: secrets.seal(totpSecret!, userId) })
      .where(and(eq(admins.userId, userId), eq(admins.totpSecret, totpSecret!)));
  }
  return plain.length;
}

const locked = (seconds: number) =>
  new HttpError(429, codesLockedMessage(seconds), { 'retry-after': String(Math.max(1, seconds)) });

const actorOf = ({ session, ip }: CodeAttempt): AdminActor => ({
  userId: session.userId,
  email: session.email,
  role: session.role,
  ip,
});

export const viewerOf = ({ email, role, stage, csrfToken }: AdminViewer): AdminViewer => ({
  email,
  role,
  stage,
  csrfToken,
});
