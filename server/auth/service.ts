import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { Address, User } from '../../core/user.ts';
import type { Accounts, Buyer } from '../platform/auth/face.ts';
import { addresses, refreshTokens, users } from './schema.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { hashToken, newOpaqueToken, type AccessTokens } from './tokens.ts';
import type { EmailLinks } from './email-links.ts';
import type { GoogleIdentity } from './google.ts';
import type { SessionStore } from './sessions.ts';
import { refuseCommonPassword } from './common-passwords.ts';
import { ExpiringCache } from '../platform/http/expiring-cache.ts';

export const REFRESH_TOKEN_DAYS = 30;
const DAY_MS = 86_400_000;
export const SIGN_IN_FAILED = 'Invalid email or password';

type UserRow = typeof users.$inferSelect;
type AddressRow = typeof addresses.$inferSelect;

export interface Session {
  user: User;
  accessToken: string;
  refreshToken: string;
  /** When the refresh cookie should expire: never after the session does. */
  refreshExpiresAt: Date;
}

const BUYER_CACHE_MS = 5 * 60_000;
const BUYER_CACHE_ENTRIES = 10_000;

export interface AuthServiceOptions {
  db: Db;
  accessTokens: AccessTokens;
  links: EmailLinks;
  sessions: SessionStore;
  /** Removes what other modules keep for a user (the server cart) when an account is taken over. */
  forgetUserData: (tx: Db, userId: string) => Promise<void>;
}

/** Accounts and sessions: sign-up, sign-in, token rotation, sign-out and the profile. */
export class AuthService implements Accounts {
  private readonly db: Db;
  private readonly accessTokens: AccessTokens;
  private readonly links: EmailLinks;
  private readonly sessions: SessionStore;
  private readonly verifiedBuyers = new ExpiringCache<Buyer>(BUYER_CACHE_MS, BUYER_CACHE_ENTRIES);

  constructor(private readonly options: AuthServiceOptions) {
    ({ db: this.db, accessTokens: this.accessTokens, links: this.links, sessions: this.sessions } = options);
  }

  async signUp(input: { fullname: string; email: string; password: string }): Promise<Session> {
    refuseCommonPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    // The account and its verification mail are saved together: neither exists without the other.
    const row = await this.db.transaction(async (tx) => {
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

  /** Null when the e-mail is unknown or the password wrong (the caller counts the failure). */
  async signIn(input: { email: string; password: string }): Promise<Session | null> {
    const [row] = await this.db.select().from(users).where(eq(users.email, input.email.toLowerCase()));
    // Same answer, and the same work, whether the e-mail is unknown or the password wrong.
    const matches = await verifyPassword(row?.passwordHash, input.password);
    if (!row || !matches) return null;
    return this.startSession(row);
  }

  /**
   * Signs in with a verified Google identity: the account already linked to it, else the account with the same
   * e-mail (now linked), else a new account. Linking an account whose e-mail was never verified wipes it: whoever
   * registered that address without owning it loses the way in (password, sessions) and everything they typed
   * into it (name, phone, addresses, cart).
   */
  async googleSignIn(identity: GoogleIdentity): Promise<Session> {
    if (!identity.emailVerified) throw new HttpError(401, 'Trouble logging in through Google');
    const email = identity.email.toLowerCase();
    const fallbackName = identity.name || email.split('@')[0]!;
    let ended: string[] = [];
    const row = await this.db.transaction(async (tx) => {
      const [linked] = await tx.select().from(users).where(eq(users.googleSubject, identity.subject));
      if (linked) return linked;
      const [existing] = await tx.select().from(users).where(eq(users.email, email));
      if (existing) {
        const unverified = existing.emailVerifiedAt === null;
        if (unverified) {
          ended = await this.sessions.endForUser(tx, existing.id);
          await tx.delete(addresses).where(eq(addresses.userId, existing.id));
          await this.options.forgetUserData(tx, existing.id);
        }
        const [updated] = await tx
          .update(users)
          .set({
            googleSubject: identity.subject,
            emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
            ...(unverified
              ? { passwordHash: null, fullName: fallbackName, phone: '', picture: identity.picture }
              : { picture: existing.picture ?? identity.picture }),
            updatedAt: new Date(),
          })
          .where(eq(users.id, existing.id))
          .returning();
        return updated!;
      }
      const [created] = await tx
        .insert(users)
        .values({
          fullName: fallbackName,
          email,
          picture: identity.picture,
          googleSubject: identity.subject,
          emailVerifiedAt: new Date(),
        })
        .returning();
      return created!;
    });
    await this.sessions.announce(ended);
    return this.startSession(row);
  }

  /**
   * Exchanges a refresh token for a new pair within the same session. A token presented twice ends the session;
   * a session past its absolute expiry cannot be refreshed.
   */
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
      await this.endSession(token.familyId);
      throw new HttpError(401, 'Please sign in again');
    }
    const session = await this.sessions.active(token.familyId);
    const [row] = session ? await this.db.select().from(users).where(eq(users.id, token.userId)) : [];
    if (!session || !row) throw new HttpError(401, 'Please sign in again');
    return this.issue(row, { id: token.familyId, expiresAt: session.expiresAt });
  }

  /** Ends the session the refresh token belongs to. Unknown tokens are ignored: signing out always succeeds. */
  async signOut(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const [token] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
    if (token) await this.endSession(token.familyId);
  }

  /**
   * Who is placing an order or is written to about one: e-mail, name and whether the e-mail is verified. Verified
   * buyers are cached: e-mails never change and verification is never undone; a renamed buyer's greeting may use
   * the old name until the entry expires.
   */
  async buyer(userId: string, db: Db = this.db): Promise<Buyer | null> {
    const known = this.verifiedBuyers.get(userId);
    if (known) return known;
    const [row] = await db
      .select({ email: users.email, fullName: users.fullName, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) return null;
    const buyer = { email: row.email, fullName: row.fullName, verified: row.verifiedAt !== null };
    if (buyer.verified) this.verifiedBuyers.set(userId, buyer);
    return buyer;
  }

  /**
   * The account whose password this is, without starting a shopper session (the back office's first factor);
   * null when the e-mail is unknown or the password wrong, after the same work either way.
   */
  async checkPassword(email: string, password: string): Promise<{ userId: string; email: string } | null> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    const matches = await verifyPassword(row?.passwordHash, password);
    return row && matches ? { userId: row.id, email: row.email } : null;
  }

  /**
   * The account an invitation goes to: the one with this e-mail, or one made now with no password and the e-mail not
   * verified. Either way nothing about it lets anyone into the back office: accepting the invitation does.
   */
  async invitee(
    input: { email: string; fullname: string },
    tx: Db = this.db,
  ): Promise<{ userId: string; email: string }> {
    const email = input.email.toLowerCase();
    await tx.insert(users).values({ fullName: input.fullname, email }).onConflictDoNothing();
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { userId: row!.id, email };
  }

  /** Refuses a password from the common list with a 400, before anything is saved. */
  refuseCommonPassword(password: string): void {
    refuseCommonPassword(password);
  }

  /** A new password, checked against the common ones and hashed: before a transaction, as hashing takes a while. */
  async newPasswordHash(password: string): Promise<string> {
    refuseCommonPassword(password);
    return hashPassword(password);
  }

  /**
   * Gives an account a password its owner has just proven they may set (an invitation link, the operator's command
   * line): the old password is gone, the e-mail counts as verified, reset links sent before die and every session
   * ends. Returns the ended sessions: pass them to `announceEnded` once the transaction has committed.
   */
  async replacePassword(tx: Db, userId: string, passwordHash: string): Promise<string[]> {
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await this.links.voidResetLinks(tx, userId);
    return this.sessions.endForUser(tx, userId);
  }

  /**
   * The account with this e-mail holding this password (see replacePassword), made now when there is none (its
   * e-mail counted as verified: the shop's operator vouches for it).
   */
  async claimAccount(
    input: { email: string; fullname: string; passwordHash: string },
    tx: Db,
  ): Promise<{ userId: string; email: string; created: boolean; endedSessions: string[] }> {
    const email = input.email.toLowerCase();
    const [created] = await tx
      .insert(users)
      .values({ fullName: input.fullname, email, passwordHash: input.passwordHash, emailVerifiedAt: new Date() })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created) return { userId: created.id, email, created: true, endedSessions: [] };
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    const endedSessions = await this.replacePassword(tx, existing!.id, input.passwordHash);
    return { userId: existing!.id, email, created: false, endedSessions };
  }

  /** Tells every process that these sessions ended (after the transaction that ended them has committed). */
  announceEnded(sessionIds: string[]): Promise<void> {
    return this.sessions.announce(sessionIds);
  }

  /** The account with this e-mail, if any. */
  async userIdByEmail(email: string): Promise<string | undefined> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
    return row?.id;
  }

  async getUser(userId: string): Promise<User> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!row) throw new HttpError(401, 'Please sign in again');
    return this.toUser(row);
  }

  private async endSession(sessionId: string): Promise<void> {
    await this.sessions.announce(await this.sessions.end(this.db, sessionId));
  }

  private async startSession(row: UserRow): Promise<Session> {
    return this.issue(row, await this.sessions.create(row.id));
  }

  private async issue(row: UserRow, session: { id: string; expiresAt: Date }): Promise<Session> {
    const refreshToken = newOpaqueToken();
    // A refresh token never outlives its session.
    const expiresAt = new Date(Math.min(Date.now() + REFRESH_TOKEN_DAYS * DAY_MS, session.expiresAt.getTime()));
    await this.db.insert(refreshTokens).values({
      userId: row.id,
      familyId: session.id,
      tokenHash: hashToken(refreshToken),
      expiresAt,
    });
    const accessToken = await this.accessTokens.sign({ userId: row.id, role: row.role, sessionId: session.id });
    return { user: await this.toUser(row), accessToken, refreshToken, refreshExpiresAt: expiresAt };
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
