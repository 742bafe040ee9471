import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import type { Address, User } from '../../core/user.ts';
import { addresses, refreshTokens, users } from './schema.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { hashToken, newOpaqueToken, type AccessTokens } from './tokens.ts';
import type { EmailLinks } from './email-links.ts';
import type { GoogleIdentity } from './google.ts';

export const REFRESH_TOKEN_DAYS = 30;
const DAY_MS = 86_400_000;
const SIGN_IN_FAILED = 'Invalid email or password';

type UserRow = typeof users.$inferSelect;
type AddressRow = typeof addresses.$inferSelect;

export interface Session {
  user: User;
  accessToken: string;
  refreshToken: string;
}

/** Accounts and sessions: sign-up, sign-in, token rotation, sign-out and the profile. */
export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly accessTokens: AccessTokens,
    private readonly links: EmailLinks,
  ) {}

  async signUp(input: { fullname: string; email: string; password: string }): Promise<Session> {
    const passwordHash = await hashPassword(input.password);
    // The account and its verification mail are saved together: neither exists without the other.
    const row = await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [created] = await tx
        .insert(users)
        .values({ fullName: input.fullname, email: input.email.toLowerCase(), passwordHash })
        .onConflictDoNothing()
        .returning();
      if (created) await this.links.sendVerification(created, tx);
      return created;
    });
    if (!row) throw new HttpError(409, 'An account with this email already exists. Please sign in.');
    return this.startSession(row);
  }

  async signIn(input: { email: string; password: string }): Promise<Session> {
    const [row] = await this.db.select().from(users).where(eq(users.email, input.email.toLowerCase()));
    // Same answer, and the same work, whether the e-mail is unknown or the password wrong.
    const matches = await verifyPassword(row?.passwordHash, input.password);
    if (!row || !matches) throw new HttpError(401, SIGN_IN_FAILED);
    return this.startSession(row);
  }

  /**
   * Signs in with a verified Google identity: the account already linked to it, else the account with the same
   * e-mail (now linked), else a new account. Linking an account whose e-mail was never verified drops its
   * password and sessions: whoever registered that address without owning it loses the way in.
   */
  async googleSignIn(identity: GoogleIdentity): Promise<Session> {
    if (!identity.emailVerified) throw new HttpError(401, 'Trouble logging in through Google');
    const email = identity.email.toLowerCase();
    const row = await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [linked] = await tx.select().from(users).where(eq(users.googleSubject, identity.subject));
      if (linked) return linked;
      const [existing] = await tx.select().from(users).where(eq(users.email, email));
      if (existing) {
        const unverified = existing.emailVerifiedAt === null;
        if (unverified)
          await tx.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.userId, existing.id));
        const [updated] = await tx
          .update(users)
          .set({
            googleSubject: identity.subject,
            emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
            passwordHash: unverified ? null : existing.passwordHash,
            picture: existing.picture ?? identity.picture,
            updatedAt: new Date(),
          })
          .where(eq(users.id, existing.id))
          .returning();
        return updated!;
      }
      const [created] = await tx
        .insert(users)
        .values({
          fullName: identity.name || email.split('@')[0]!,
          email,
          picture: identity.picture,
          googleSubject: identity.subject,
          emailVerifiedAt: new Date(),
        })
        .returning();
      return created!;
    });
    return this.startSession(row);
  }

  /** Exchanges a refresh token for a new pair. A token presented twice revokes its whole family. */
  async refresh(refreshToken: string | undefined): Promise<Session> {
    if (!refreshToken) throw new HttpError(401, 'Please sign in again');
    const now = new Date();
    const [token] = await this.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
    if (!token || token.revokedAt || token.expiresAt <= now) throw new HttpError(401, 'Please sign in again');
    // Only one exchange can claim the token; a second one is a replay.
    const claimed = await this.db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      await this.revokeFamily(token.familyId);
      throw new HttpError(401, 'Please sign in again');
    }
    const [row] = await this.db.select().from(users).where(eq(users.id, token.userId));
    if (!row) throw new HttpError(401, 'Please sign in again');
    return this.issue(row, token.familyId);
  }

  /** Ends the session the refresh token belongs to. Unknown tokens are ignored: signing out always succeeds. */
  async signOut(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const [token] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
    if (token) await this.revokeFamily(token.familyId);
  }

  async getUser(userId: string): Promise<User> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!row) throw new HttpError(401, 'Please sign in again');
    return this.toUser(row);
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  private startSession(row: UserRow): Promise<Session> {
    return this.issue(row, randomUUID());
  }

  private async issue(row: UserRow, familyId: string): Promise<Session> {
    const refreshToken = newOpaqueToken();
    await this.db.insert(refreshTokens).values({
      userId: row.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * DAY_MS),
    });
    const accessToken = await this.accessTokens.sign({ userId: row.id, role: row.role });
    return { user: await this.toUser(row), accessToken, refreshToken };
  }

  private async toUser(row: UserRow): Promise<User> {
    const saved = await this.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, row.id))
      .orderBy(desc(addresses.isDefault), asc(addresses.createdAt));
    const list = saved.map(toAddress);
    return {
      _id: row.id,
      fullname: row.fullName,
      fullName: row.fullName,
      email: row.email,
      phone: row.phone,
      img: row.picture,
      address: list.find((address) => address.isDefault) ?? list[0] ?? null,
      addresses: list,
      role: row.role,
      emailVerified: row.emailVerifiedAt !== null,
      hasPassword: row.passwordHash !== null,
      createdAt: row.createdAt.toISOString(),
    };
  }
}

function toAddress(row: AddressRow): Address {
  const { id, userId: _userId, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = row;
  return { _id: id, ...fields };
}
