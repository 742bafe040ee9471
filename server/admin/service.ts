import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../platform/db/client.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { Accounts } from '../platform/auth/face.ts';
import type { AdminActor } from '../platform/audit/actor.ts';
import type { AuditTrail } from '../platform/audit/face.ts';
import type { MailOutbox } from '../platform/mail/face.ts';
import type { RateLimitStore } from '../platform/http/rate-limit.ts';
import {
  ADMIN_MESSAGES,
  ADMIN_TEAM_MAX,
  adminPasswordSchema,
  type AdminRole,
  type AdminViewer,
} from '../../core/contracts/admin-session.ts';
import { adminInvitations, adminSessions, admins } from './schema.ts';
import { newRecoveryCodes, newTotpSecret, totpUri } from './second-factor.ts';
import { CodeLock } from './code-lock.ts';
import { CodeStep, replaceRecoveryCodes, sealPlaintextSecrets, viewerOf, type CodeProof } from './code-step.ts';
import { recordAuthEvent } from './auth-events.ts';
import { SecretBox } from './secret-box.ts';
import { newToken, tokenHash } from './session-token.ts';

/** An admin session ends this long after sign-in, however active it is (shoppers' last up to 90 days). */
export const ADMIN_SESSION_HOURS = 12;
/** The address an audit entry of `npm run admin:create` shows. */
const COMMAND_LINE = 'command line';

export interface AdminServiceOptions {
  database: Database;
  auth: Accounts;
  audit: AuditTrail;
  outbox: MailOutbox;
  /** Where wrong codes are counted: the store every process shares. */
  rateLimitStore: RateLimitStore;
  /** SECRETS_KEY's 32 bytes: they seal the authenticator secrets. */
  secretsKey: Buffer;
  /** The authenticator app shows this beside the code; the mails sign with it. */
  issuer: string;
}

/** An admin made or reset from the command line: what the operator must keep. */
export interface OwnerCredentials {
  email: string;
  createdAccount: boolean;
  otpauthUri: string;
  recoveryCodes: string[];
}

export interface TeamMember {
  userId: string;
  email: string;
  role: AdminRole;
  enrolled: boolean;
  createdAt: string;
  createdBy: string | null;
}

/** A session as the guard sees it: who, how far signed in, and the token changes must carry. */
export interface AdminSession extends AdminViewer {
  userId: string;
}

/** The back office's admins, their second factor and their sessions (decision 0033). */
export class AdminService {
  private readonly db: Db;
  private readonly secrets: SecretBox;
  private readonly codeStep: CodeStep;

  constructor(private readonly options: AdminServiceOptions) {
    this.db = options.database.db;
    this.secrets = new SecretBox(options.secretsKey);
    this.codeStep = new CodeStep({
      database: options.database,
      audit: options.audit,
      outbox: options.outbox,
      lock: new CodeLock(options.rateLimitStore),
      secrets: this.secrets,
      shopName: options.issuer,
    });
  }

  /** Seals the authenticator secrets an older version kept in plain text (decision 0047). */
  async start(): Promise<void> {
    await sealPlaintextSecrets(this.db, this.secrets);
  }

  /**
   * Makes the account an owner with this password, creating it when there is none; an existing account's old
   * password is gone and its sessions end (decision 0048). A new TOTP secret and new recovery codes; the admin's
   * sessions end. Run again, it resets a lost authenticator.
   */
  async createOwner(input: { email: string; password: string }, ip = COMMAND_LINE): Promise<OwnerCredentials> {
    if (!adminPasswordSchema.safeParse(input.password).success) throw new HttpError(400, ADMIN_MESSAGES.adminPassword);
    const secret = newTotpSecret();
    const passwordHash = await this.options.auth.newPasswordHash(input.password);
    const { account, recoveryCodes } = await this.options.database.transaction(async (tx) => {
      const account = await this.options.auth.claimAccount(
        { email: input.email, fullname: input.email.split('@')[0]!, passwordHash },
        tx,
      );
      await tx.delete(adminInvitations).where(eq(adminInvitations.userId, account.userId));
      const recoveryCodes = await this.enrol(tx, account.userId, { role: 'owner', totpSecret: secret });
      const actor = { userId: account.userId, email: account.email, role: 'owner' as const, ip };
      await recordAuthEvent(this.options.audit, tx, actor, 'auth.owner-created', {
        email: account.email,
        createdAccount: account.created,
      });
      return { account, recoveryCodes };
    });
    await this.options.auth.announceEnded(account.endedSessions);
    return {
      email: account.email,
      createdAccount: account.created,
      otpauthUri: totpUri(secret, this.options.issuer, account.email),
      recoveryCodes,
    };
  }

  /**
   * Makes the account an admin whose authenticator is set up now (`totpLastStep`: the code that confirmed it), its
   * secret sealed, with ten new recovery codes, answered to be shown once; the account's back-office sessions end.
   */
  async enrol(
    tx: Db,
    userId: string,
    admin: { role: AdminRole; totpSecret: string; totpLastStep?: number; createdBy?: string },
  ): Promise<string[]> {
    const recoveryCodes = newRecoveryCodes();
    const enrolled = {
      role: admin.role,
      totpSecret: this.secrets.seal(admin.totpSecret, userId),
      totpEnrolledAt: new Date(),
      totpLastStep: admin.totpLastStep ?? null,
    };
    await tx
      .insert(admins)
      .values({ userId, ...enrolled, createdBy: admin.createdBy ?? null })
      .onConflictDoUpdate({ target: admins.userId, set: enrolled });
    await replaceRecoveryCodes(tx, userId, recoveryCodes);
    await this.endSessions(tx, userId);
    return recoveryCodes;
  }

  /** An authenticator secret sealed for this account, to keep until it is confirmed (an invitation's). */
  sealSecret(secret: string, userId: string): string {
    return this.secrets.seal(secret, userId);
  }

  openSecret(sealed: string, userId: string): string {
    return this.secrets.open(sealed, userId);
  }

  /** Whether the account is an admin already. */
  async isAdmin(userId: string, tx: Db = this.db): Promise<boolean> {
    const [row] = await tx.select({ userId: admins.userId }).from(admins).where(eq(admins.userId, userId));
    return row !== undefined;
  }

  /**
   * The back office's password rule for the shop's own password change and reset (`newPasswordRules`): a team
   * member's password is 15 to 128 characters wherever it is set (decision 0048).
   */
  async refuseShortAdminPassword(tx: Db, userId: string, password: string): Promise<void> {
    if (!adminPasswordSchema.safeParse(password).success && (await this.isAdmin(userId, tx)))
      throw new HttpError(400, ADMIN_MESSAGES.adminPassword);
  }

  /** How many admins the shop has. */
  async count(tx: Db = this.db): Promise<number> {
    const [team] = await tx.select({ count: sql<number>`count(*)::int` }).from(admins);
    return team!.count;
  }

  /** Takes an admin's back-office rights away (their shop account stays); the last owner cannot be removed. */
  async removeAdmin(actor: AdminActor, userId: string): Promise<void> {
    const email = await this.emailOf(userId).catch(() => null);
    await this.options.database.transaction(async (tx) => {
      const [row] = await tx.select().from(admins).where(eq(admins.userId, userId)).for('update');
      if (!row) throw new HttpError(404, 'No such admin');
      if (row.role === 'owner') {
        const [{ owners }] = (await tx
          .select({ owners: sql<number>`count(*)::int` })
          .from(admins)
          .where(eq(admins.role, 'owner'))) as [{ owners: number }];
        if (owners <= 1) throw new HttpError(409, 'The shop needs at least one owner');
      }
      await this.endSessions(tx, userId);
      await tx.delete(admins).where(eq(admins.userId, userId));
      await this.options.audit.record(tx, actor, {
        action: 'admin.remove',
        targetType: 'admin',
        targetId: userId,
        before: { email, role: row.role },
      });
    });
  }

  async team(): Promise<TeamMember[]> {
    const rows = await this.db.select().from(admins).orderBy(asc(admins.createdAt)).limit(ADMIN_TEAM_MAX);
    return Promise.all(rows.map(async (row) => toMember(row, await this.emailOf(row.userId))));
  }

  /**
   * The first factor: a session that may only take the second. An account that is no admin gets the same answer as
   * a wrong password. Enrolment starts here for an admin without an authenticator: the URI is shown this once.
   */
  async signIn(
    email: string,
    password: string,
    ip: string,
  ): Promise<{ token: string; viewer: AdminViewer; otpauthUri?: string } | null> {
    const account = await this.options.auth.checkPassword(email, password);
    if (!account) return null;
    const [admin] = await this.db.select().from(admins).where(eq(admins.userId, account.userId));
    if (!admin) return null;
    const stage = admin.totpEnrolledAt ? 'code' : 'enrol';
    const secret = admin.totpEnrolledAt ? null : newTotpSecret();
    const token = newToken();
    const csrfToken = newToken();
    await this.options.database.transaction(async (tx) => {
      if (secret) {
        const sealed = this.secrets.seal(secret, admin.userId);
        await tx.update(admins).set({ totpSecret: sealed }).where(eq(admins.userId, admin.userId));
      }
      await tx.delete(adminSessions).where(lt(adminSessions.expiresAt, new Date()));
      await tx.insert(adminSessions).values({
        tokenHash: tokenHash(token),
        userId: admin.userId,
        stage,
        csrfToken,
        ip,
        expiresAt: new Date(Date.now() + ADMIN_SESSION_HOURS * 3_600_000),
      });
      const actor = { userId: admin.userId, email: account.email, role: admin.role, ip };
      await recordAuthEvent(this.options.audit, tx, actor, 'auth.sign-in', { step: 'password', next: stage });
    });
    return {
      token,
      viewer: { email: account.email, role: admin.role, stage, csrfToken },
      ...(secret && { otpauthUri: totpUri(secret, this.options.issuer, account.email) }),
    };
  }

  /**
   * The second factor (CodeStep, decision 0047): the session's new cookie token with who is signed in, and the ten
   * recovery codes when this code completed enrolment.
   */
  async secondFactor(
    token: string,
    proof: CodeProof,
    ip: string,
  ): Promise<{ token: string; viewer: AdminViewer; recoveryCodes?: string[] }> {
    const session = await this.session(token);
    if (!session) throw new HttpError(401, ADMIN_MESSAGES.sessionOver);
    if (session.stage === 'complete') return { token, viewer: viewerOf(session) };
    return this.codeStep.take({ session, token, ip, proof });
  }

  /** The live session of this cookie token, or null (unknown, ended or past its 12 hours). */
  async session(token: string | undefined): Promise<AdminSession | null> {
    if (!token) return null;
    const [row] = await this.db
      .select({
        userId: adminSessions.userId,
        stage: adminSessions.stage,
        csrfToken: adminSessions.csrfToken,
        role: admins.role,
      })
      .from(adminSessions)
      .innerJoin(admins, eq(admins.userId, adminSessions.userId))
      .where(and(eq(adminSessions.tokenHash, tokenHash(token)), gt(adminSessions.expiresAt, new Date())));
    if (!row) return null;
    return { ...row, email: await this.emailOf(row.userId) };
  }

  async signOut(token: string | undefined): Promise<void> {
    if (token) await this.db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash(token)));
  }

  /**
   * Ends every back-office session of the account, in `tx`: its password changed or was reset, its role changed, it
   * left the team (decision 0047). The auth module calls it whenever it ends the account's own sessions.
   */
  async endSessions(tx: Db, userId: string): Promise<void> {
    await tx.delete(adminSessions).where(eq(adminSessions.userId, userId));
  }

  private async emailOf(userId: string): Promise<string> {
    return (await this.options.auth.getUser(userId)).email;
  }
}

const toMember = (row: typeof admins.$inferSelect, email: string): TeamMember => ({
  userId: row.userId,
  email,
  role: row.role,
  enrolled: row.totpEnrolledAt !== null,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
});
