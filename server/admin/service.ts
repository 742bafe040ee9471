import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import type { AuthService } from '../auth/index.ts';
import type { AdminActor, AuditLog } from '../audit/index.ts';
import {
  ADMIN_MESSAGES,
  ADMIN_TEAM_MAX,
  adminPasswordSchema,
  type AdminRole,
  type AdminViewer,
} from '../../core/contracts/admin-session.ts';
import { adminInvitations, adminRecoveryCodes, adminSessions, admins } from './schema.ts';
import { acceptedStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpUri } from './second-factor.ts';

/** An admin session ends this long after sign-in, however active it is (shoppers' last up to 90 days). */
export const ADMIN_SESSION_HOURS = 12;
/** Wrong codes one session may try before it ends and the password is asked again. */
const MAX_FAILED_CODES = 5;

/** Back-office tokens (session cookies, invitation links) are kept as their SHA-256. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');
export const newToken = () => randomBytes(32).toString('base64url');

export interface AdminServiceOptions {
  database: Database;
  auth: AuthService;
  audit: AuditLog;
  /** The authenticator app shows this beside the code. */
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

  constructor(private readonly options: AdminServiceOptions) {
    this.db = options.database.db;
  }

  /**
   * Makes the account an owner with this password, creating it when there is none; an existing account's old
   * password is gone and its shopper sessions end (decision 0048). A new TOTP secret and new recovery codes; the
   * admin's sessions end. Run again, it resets a lost authenticator.
   */
  async createOwner(input: { email: string; password: string }): Promise<OwnerCredentials> {
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
   * Makes the account an admin whose authenticator is set up now (`totpLastStep`: the code that confirmed it), with
   * ten new recovery codes, answered to be shown once; the account's back-office sessions end.
   */
  async enrol(
    tx: Db,
    userId: string,
    admin: { role: AdminRole; totpSecret: string; totpLastStep?: number; createdBy?: string },
  ): Promise<string[]> {
    const recoveryCodes = newRecoveryCodes();
    const enrolled = {
      role: admin.role,
      totpSecret: admin.totpSecret,
      totpEnrolledAt: new Date(),
      totpLastStep: admin.totpLastStep ?? null,
    };
    await tx
      .insert(admins)
      .values({ userId, ...enrolled, createdBy: admin.createdBy ?? null })
      .onConflictDoUpdate({ target: admins.userId, set: enrolled });
    await this.replaceRecoveryCodes(tx, userId, recoveryCodes);
    await tx.delete(adminSessions).where(eq(adminSessions.userId, userId));
    return recoveryCodes;
  }

  /** Whether the account is an admin already. */
  async isAdmin(userId: string, tx: Db = this.db): Promise<boolean> {
    const [row] = await tx.select({ userId: admins.userId }).from(admins).where(eq(admins.userId, userId));
    return row !== undefined;
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
    let otpauthUri: string | undefined;
    if (!admin.totpEnrolledAt) {
      const secret = newTotpSecret();
      await this.db.update(admins).set({ totpSecret: secret }).where(eq(admins.userId, admin.userId));
      otpauthUri = totpUri(secret, this.options.issuer, account.email);
    }
    const token = newToken();
    const stage = admin.totpEnrolledAt ? 'code' : 'enrol';
    const csrfToken = newToken();
    await this.db.delete(adminSessions).where(lt(adminSessions.expiresAt, new Date()));
    await this.db.insert(adminSessions).values({
      tokenHash: tokenHash(token),
      userId: admin.userId,
      stage,
      csrfToken,
      ip,
      expiresAt: new Date(Date.now() + ADMIN_SESSION_HOURS * 3_600_000),
    });
    return { token, viewer: { email: account.email, role: admin.role, stage, csrfToken }, otpauthUri };
  }

  /**
   * The second factor: a TOTP code (which also completes enrolment, answering ten new recovery codes) or an unused
   * recovery code. Wrong codes count; past MAX_FAILED_CODES the session ends.
   */
  async secondFactor(
    token: string,
    proof: { code?: string | undefined; recoveryCode?: string | undefined },
  ): Promise<{ viewer: AdminViewer; recoveryCodes?: string[] }> {
    const session = await this.session(token);
    if (!session) throw new HttpError(401, ADMIN_MESSAGES.tooManyCodes);
    if (session.stage === 'complete') return { viewer: viewerOf(session) };
    const [admin] = await this.db.select().from(admins).where(eq(admins.userId, session.userId));
    if (!admin?.totpSecret) throw new HttpError(401, ADMIN_MESSAGES.tooManyCodes);
    const outcome = await this.options.database.transaction(async (tx) => {
      let recoveryCodes: string[] | undefined;
      let accepted = false;
      if (proof.code) {
        const step = acceptedStep(admin.totpSecret!, proof.code, admin.totpLastStep);
        if (step !== null) {
          // The conditional update makes two racing uses of one code count once.
          const used = await tx
            .update(admins)
            .set({ totpLastStep: step, totpEnrolledAt: admin.totpEnrolledAt ?? new Date() })
            .where(and(eq(admins.userId, admin.userId), sql`coalesce(${admins.totpLastStep}, -1) < ${step}`))
            .returning({ userId: admins.userId });
          accepted = used.length > 0;
          if (accepted && !admin.totpEnrolledAt) {
            recoveryCodes = newRecoveryCodes();
            await this.replaceRecoveryCodes(tx, admin.userId, recoveryCodes);
          }
        }
      } else if (proof.recoveryCode && admin.totpEnrolledAt) {
        const used = await tx
          .update(adminRecoveryCodes)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(adminRecoveryCodes.userId, admin.userId),
              eq(adminRecoveryCodes.codeHash, recoveryCodeHash(proof.recoveryCode)),
              isNull(adminRecoveryCodes.usedAt),
            ),
          )
          .returning({ userId: adminRecoveryCodes.userId });
        accepted = used.length > 0;
      }
      if (!accepted) return null;
      await tx
        .update(adminSessions)
        .set({ stage: 'complete', failedCodes: 0 })
        .where(eq(adminSessions.tokenHash, tokenHash(token)));
      return { viewer: viewerOf({ ...session, stage: 'complete' }), ...(recoveryCodes && { recoveryCodes }) };
    });
    return outcome ?? this.refuseCode(token);
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

  private async refuseCode(token: string): Promise<never> {
    const [row] = await this.db
      .update(adminSessions)
      .set({ failedCodes: sql`${adminSessions.failedCodes} + 1` })
      .where(eq(adminSessions.tokenHash, tokenHash(token)))
      .returning({ failedCodes: adminSessions.failedCodes });
    if (!row || row.failedCodes >= MAX_FAILED_CODES) {
      await this.signOut(token);
      // The session is over: the admin may sign in again at once, and the password step has its own throttle.
      throw new HttpError(429, ADMIN_MESSAGES.tooManyCodes, { 'retry-after': '1' });
    }
    throw new HttpError(401, ADMIN_MESSAGES.codeWrong);
  }

  private async replaceRecoveryCodes(tx: Db, userId: string, codes: string[]): Promise<void> {
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
    await tx.insert(adminRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })));
  }

  private async emailOf(userId: string): Promise<string> {
    return (await this.options.auth.getUser(userId)).email;
  }
}

const viewerOf = ({ email, role, stage, csrfToken }: AdminViewer): AdminViewer => ({ email, role, stage, csrfToken });

const toMember = (row: typeof admins.$inferSelect, email: string): TeamMember => ({
  userId: row.userId,
  email,
  role: row.role,
  enrolled: row.totpEnrolledAt !== null,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
});
