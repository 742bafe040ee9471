import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { HttpError } from '../platform/http/errors.ts';
import { INVALID_LINK } from '../../core/contracts/account.ts';
import type { MailOutbox } from '../platform/mail/face.ts';
import { emailTokens, users } from './schema.ts';
import type { SessionStore } from './sessions.ts';
import { refuseCommonPassword } from './common-passwords.ts';
import { hashPassword, type NewPasswordRules } from './passwords.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';
import { passwordResetMail, verificationMail } from './mails.ts';

const HOUR_MS = 3_600_000;
export const VERIFY_LINK_HOURS = 24;
export const RESET_LINK_HOURS = 1;

type Purpose = (typeof emailTokens.$inferInsert)['purpose'];

interface LinkOptions {
  /** Public origin the links point at, e.g. https://shop.example.in */
  origin: string;
  shopName: string;
}

/** Single-use links sent by e-mail: verifying the address (24 h) and resetting the password (1 h). */
export class EmailLinks {
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly sessions: SessionStore,
    private readonly options: LinkOptions,
    private readonly newPasswordRules: NewPasswordRules,
  ) {}

  /** Queues a verification mail; pass the transaction that created the user so both happen or neither. */
  async sendVerification(user: { id: string; email: string }, db: Db = this.db): Promise<void> {
    const token = await this.issue(db, user.id, 'verify-email', VERIFY_LINK_HOURS);
    const link = `${this.options.origin}/verify-email/${token}`;
    await this.outbox.enqueue({ to: user.email, ...verificationMail(this.options.shopName, link) }, db);
  }

  /** Sends a fresh link to an unverified account; says nothing about whether the account exists. */
  async resendVerification(email: string): Promise<void> {
    const [user] = await this.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    if (user && !user.emailVerifiedAt) await this.sendVerification(user);
  }

  async verifyEmail(token: string): Promise<'verified' | 'already-verified'> {
    const claimed = await this.claim(token, 'verify-email');
    if (!claimed) {
      // A link used before still tells its owner they are verified.
      const [used] = await this.db
        .select({ verifiedAt: users.emailVerifiedAt })
        .from(emailTokens)
        .innerJoin(users, eq(users.id, emailTokens.userId))
        .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, 'verify-email')));
      if (used?.verifiedAt) return 'already-verified';
      throw new HttpError(400, INVALID_LINK);
    }
    const [user] = await this.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(and(eq(users.id, claimed.userId), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id });
    return user ? 'verified' : 'already-verified';
  }

  /**
   * Looks the account up and queues its reset link after the caller has answered, so the answer takes the
   * same time whether or not the account exists. `settled()` waits for the work still running.
   */
  requestPasswordResetLater(email: string, onError: (error: unknown) => void): void {
    const work = this.requestPasswordReset(email).catch(onError);
    this.background.add(work);
    void work.finally(() => this.background.delete(work));
  }

  /** Resolves once every reset request queued with requestPasswordResetLater has been handled. */
  async settled(): Promise<void> {
    await Promise.all([...this.background]);
  }

  /** Queues a reset link when the account exists; the caller answers the same either way. */
  async requestPasswordReset(email: string): Promise<void> {
    const [user] = await this.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    if (!user) return;
    const token = await this.issue(this.db, user.id, 'reset-password', RESET_LINK_HOURS);
    const link = `${this.options.origin}/reset-password/${token}`;
    await this.outbox.enqueue({ to: user.email, ...passwordResetMail(this.options.shopName, link) });
  }

  /** Sets the new password and signs the account out everywhere. The link works once, and no other link works. */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    refuseCommonPassword(newPassword);
    const passwordHash = await hashPassword(newPassword);
    const ended = await this.db.transaction(async (tx) => {
      const claimed = await this.claim(token, 'reset-password', tx);
      if (!claimed) throw new HttpError(400, INVALID_LINK);
      // A refused password rolls the claim back: the link still works for a better one.
      await this.newPasswordRules.check(tx, claimed.userId, newPassword);
      // Following the link proves the address too.
      const [user] = await tx
        .select({ verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, claimed.userId));
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date(), emailVerifiedAt: user?.verifiedAt ?? new Date() })
        .where(eq(users.id, claimed.userId));
      await this.voidResetLinks(tx, claimed.userId);
      return this.sessions.endForUser(tx, claimed.userId);
    });
    await this.sessions.announce(ended);
  }

  /** After a password change or reset, no reset link sent earlier may set the password again. */
  async voidResetLinks(db: Db, userId: string): Promise<void> {
    await db
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(
        and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'reset-password'), isNull(emailTokens.usedAt)),
      );
  }

  private async issue(db: Db, userId: string, purpose: Purpose, hours: number): Promise<string> {
    const token = newOpaqueToken();
    await db.insert(emailTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + hours * HOUR_MS),
    });
    return token;
  }

  /** Marks an unused, unexpired token used; null when there is none (only one caller can win). */
  private async claim(token: string, purpose: Purpose, db: Db = this.db): Promise<{ userId: string } | null> {
    const [row] = await db
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailTokens.tokenHash, hashToken(token)),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: emailTokens.userId });
    return row ?? null;
  }
}
