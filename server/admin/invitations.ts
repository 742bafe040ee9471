import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database, Db } from '../platform/db/client.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { Accounts } from '../platform/auth/face.ts';
import type { AdminActor } from '../platform/audit/actor.ts';
import type { AuditTrail } from '../platform/audit/face.ts';
import type { MailOutbox } from '../platform/mail/face.ts';
import { ADMIN_MESSAGES, ADMIN_TEAM_MAX } from '../../core/contracts/admin-session.ts';
import { adminInvitations } from './schema.ts';
import { acceptedStep, newTotpSecret, totpUri } from './second-factor.ts';
import { invitationMail } from './mails.ts';
import { recordAuthEvent } from './auth-events.ts';
import type { AdminService } from './service.ts';
import { newToken, tokenHash } from './session-token.ts';

/** Wrong authenticator codes one link may take on the acceptance page before it dies. */
const MAX_FAILED_CODES = 5;
const HOUR_MS = 3_600_000;

export interface InvitationOptions {
  database: Database;
  auth: Accounts;
  audit: AuditTrail;
  admin: AdminService;
  outbox: MailOutbox;
  /** The public origin the link points at. */
  origin: string;
  shopName: string;
  /** ADMIN_INVITE_HOURS. */
  hours: number;
}

export interface Invitation {
  userId: string;
  email: string;
  role: 'staff';
  invitedBy: string;
  sentAt: string;
  expiresAt: string;
}

type InvitationRow = typeof adminInvitations.$inferSelect;

/**
 * Staff come into the back office by invitation only (decision 0048): adding one mails a single-use link, and only
 * following it, setting a new password and confirming an authenticator makes the account an admin. Whatever password
 * the account had before counts for nothing in the back office.
 */
export class AdminInvitations {
  private readonly db: Db;

  constructor(private readonly options: InvitationOptions) {
    this.db = options.database.db;
  }

  /** Invites the account with this e-mail (made now, without a password, when there is none) as staff. */
  async send(actor: AdminActor, input: { email: string; fullname: string }): Promise<Invitation> {
    return this.options.database.transaction(async (tx) => {
      const [pending] = await tx.select({ count: sql<number>`count(*)::int` }).from(adminInvitations);
      if ((await this.options.admin.count(tx)) + pending!.count >= ADMIN_TEAM_MAX)
        throw new HttpError(409, `A shop can have at most ${ADMIN_TEAM_MAX} admins`);
      const account = await this.options.auth.invitee(input, tx);
      if (await this.options.admin.isAdmin(account.userId, tx))
        throw new HttpError(409, `${account.email} is already an admin`);
      const token = newToken();
      const [row] = await tx
        .insert(adminInvitations)
        .values({ userId: account.userId, role: 'staff', invitedBy: actor.email, ...this.link(token) })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new HttpError(409, `${account.email} is invited already: send the invitation again instead`);
      return this.mailed(tx, actor, row, account.email, token);
    });
  }

  /** A new link for a pending or expired invitation; the old link stops working. */
  async resend(actor: AdminActor, userId: string): Promise<Invitation> {
    const email = await this.emailOf(userId);
    const token = newToken();
    return this.options.database.transaction(async (tx) => {
      const [row] = await tx
        .update(adminInvitations)
        .set({ ...this.link(token), invitedBy: actor.email, totpSecret: null, failedCodes: 0 })
        .where(eq(adminInvitations.userId, userId))
        .returning();
      if (!row) throw new HttpError(404, ADMIN_MESSAGES.noInvitation);
      return this.mailed(tx, actor, row, email!, token, { resent: true });
    });
  }

  /** Withdraws a pending invitation; its link then answers like an expired one. */
  async revoke(actor: AdminActor, userId: string): Promise<void> {
    const email = await this.emailOf(userId);
    await this.options.database.transaction(async (tx) => {
      const [row] = await tx.delete(adminInvitations).where(eq(adminInvitations.userId, userId)).returning();
      if (!row) throw new HttpError(404, ADMIN_MESSAGES.noInvitation);
      await this.options.audit.record(tx, actor, {
        action: 'admin.invitation-revoked',
        targetType: 'admin',
        targetId: userId,
        before: { email, role: row.role, expiresAt: row.expiresAt.toISOString() },
      });
    });
  }

  /** Every invitation not accepted or revoked, expired ones too (the owner may send those again). */
  async pending(): Promise<Invitation[]> {
    const rows = await this.db
      .select()
      .from(adminInvitations)
      .orderBy(asc(adminInvitations.sentAt))
      .limit(ADMIN_TEAM_MAX);
    return Promise.all(rows.map(async (row) => toInvitation(row, (await this.emailOf(row.userId)) ?? '')));
  }

  /** Whose invitation this link is, while it works. */
  async show(token: string): Promise<{ email: string; expiresAt: string }> {
    const row = await this.live(token);
    return { email: await this.requiredEmail(row.userId), expiresAt: row.expiresAt.toISOString() };
  }

  /**
   * Checks the new password against the common ones and starts the authenticator's set-up with a new secret (the
   * newest counts), answering its `otpauth://` URI. The account is not changed yet.
   */
  async startAuthenticator(token: string, password: string): Promise<{ otpauthUri: string }> {
    const row = await this.live(token);
    this.options.auth.refuseCommonPassword(password);
    const secret = newTotpSecret();
    await this.db
      .update(adminInvitations)
      .set({ totpSecret: this.options.admin.sealSecret(secret, row.userId) })
      .where(eq(adminInvitations.tokenHash, row.tokenHash));
    return { otpauthUri: totpUri(secret, this.options.shopName, await this.requiredEmail(row.userId)) };
  }

  /**
   * Accepts the invitation: the authenticator's code must be right, then in one transaction the link is spent, the
   * account gets the new password (the old one is gone, the e-mail verified, every shopper and back-office session
   * ended) and becomes staff with that authenticator. Answers the recovery codes, shown this once.
   */
  async accept(
    token: string,
    input: { password: string; code: string },
    ip: string,
  ): Promise<{ email: string; recoveryCodes: string[] }> {
    const row = await this.live(token);
    if (!row.totpSecret) throw new HttpError(400, ADMIN_MESSAGES.authenticatorFirst);
    const secret = this.options.admin.openSecret(row.totpSecret, row.userId);
    const step = acceptedStep(secret, input.code, null);
    if (step === null) return this.refuseCode(row);
    const email = await this.requiredEmail(row.userId);
    const passwordHash = await this.options.auth.newPasswordHash(input.password);
    const { recoveryCodes, ended } = await this.options.database.transaction(async (tx) => {
      // Only one acceptance can spend the link, and only while it is the newest and unexpired.
      const [spent] = await tx
        .delete(adminInvitations)
        .where(and(eq(adminInvitations.tokenHash, row.tokenHash), gt(adminInvitations.expiresAt, new Date())))
        .returning();
      if (!spent || (await this.options.admin.isAdmin(spent.userId, tx)))
        throw new HttpError(410, ADMIN_MESSAGES.invitationGone);
      const ended = await this.options.auth.replacePassword(tx, spent.userId, passwordHash);
      const recoveryCodes = await this.options.admin.enrol(tx, spent.userId, {
        role: spent.role,
        totpSecret: secret,
        totpLastStep: step,
        createdBy: spent.invitedBy,
      });
      const invitee: AdminActor = { userId: spent.userId, email, role: spent.role, ip };
      await this.options.audit.record(tx, invitee, {
        action: 'admin.invitation-accepted',
        targetType: 'admin',
        targetId: spent.userId,
        after: { email, role: spent.role, invitedBy: spent.invitedBy, endedSessions: ended.length },
      });
      await recordAuthEvent(this.options.audit, tx, invitee, 'auth.enrolled', { method: 'authenticator' });
      return { recoveryCodes, ended };
    });
    await this.options.auth.announceEnded(ended);
    return { email, recoveryCodes };
  }

  /** The invitation of this link while it works; one answer for a link expired, used, revoked, replaced or made up. */
  private async live(token: string): Promise<InvitationRow> {
    const [row] = await this.db
      .select()
      .from(adminInvitations)
      .where(and(eq(adminInvitations.tokenHash, tokenHash(token)), gt(adminInvitations.expiresAt, new Date())));
    if (!row) throw new HttpError(410, ADMIN_MESSAGES.invitationGone);
    return row;
  }

  private async refuseCode(row: InvitationRow): Promise<never> {
    const [counted] = await this.db
      .update(adminInvitations)
      .set({ failedCodes: sql`${adminInvitations.failedCodes} + 1` })
      .where(eq(adminInvitations.tokenHash, row.tokenHash))
      .returning({ failedCodes: adminInvitations.failedCodes });
    if (!counted || counted.failedCodes >= MAX_FAILED_CODES) {
      // Whoever guesses codes here has the link but not the authenticator: the link dies, the owner may send another.
      await this.db.delete(adminInvitations).where(eq(adminInvitations.tokenHash, row.tokenHash));
      throw new HttpError(410, ADMIN_MESSAGES.invitationGone);
    }
    throw new HttpError(401, ADMIN_MESSAGES.codeWrong);
  }

  private link(token: string) {
    const now = Date.now();
    return {
      tokenHash: tokenHash(token),
      sentAt: new Date(now),
      expiresAt: new Date(now + this.options.hours * HOUR_MS),
    };
  }

  /** Queues the link's mail and the audit entry in the transaction that made the link. */
  private async mailed(
    tx: Db,
    actor: AdminActor,
    row: InvitationRow,
    email: string,
    token: string,
    extra: { resent?: true } = {},
  ): Promise<Invitation> {
    const { origin, shopName, hours } = this.options;
    const link = `${origin}/admin/invitation/${token}`;
    await this.options.outbox.enqueue({ to: email, ...invitationMail(shopName, link, hours) }, tx);
    const invitation = toInvitation(row, email);
    await this.options.audit.record(tx, actor, {
      action: 'admin.invitation-sent',
      targetType: 'admin',
      targetId: row.userId,
      after: { email, role: row.role, expiresAt: invitation.expiresAt, ...extra },
    });
    return invitation;
  }

  private async emailOf(userId: string): Promise<string | null> {
    return (await this.options.auth.buyer(userId))?.email ?? null;
  }

  private async requiredEmail(userId: string): Promise<string> {
    const email = await this.emailOf(userId);
    if (!email) throw new HttpError(410, ADMIN_MESSAGES.invitationGone);
    return email;
  }
}

const toInvitation = (row: InvitationRow, email: string): Invitation => ({
  userId: row.userId,
  email,
  role: row.role,
  invitedBy: row.invitedBy,
  sentAt: row.sentAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});
