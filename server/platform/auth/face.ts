// What every module sees of the auth module (decision 0061): who is signed in, the shopper behind an order or a
// review, the hooks a route declares to need one, and the auth module's extension points.
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { User } from '../../../core/user.ts';
import type { Db } from '../db/client.ts';
import { extensionPoint, face } from '../kernel/face.ts';

/** What an access token says of its holder. */
export interface AccessClaims {
  userId: string;
  role: 'customer' | 'admin';
  /** The sign-in session the token belongs to; ending the session ends the token. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in shopper, set by the requireShopper hook of the route (decision 0024). */
    shopper: AccessClaims | null;
  }
}

/** The hooks a route declares to need a signed-in shopper. */
export interface ShopperHooks {
  /** onRequest: a signed-in shopper, else 401 (the client refreshes its token and tries again). */
  requireShopper: onRequestAsyncHookHandler;
}

/** The shopper a route's hook let through; a route without one has a bug, so this throws rather than guess. */
export function signedIn(request: FastifyRequest): AccessClaims {
  if (!request.shopper) throw new Error(`${request.routeOptions.url}: no requireShopper hook`);
  return request.shopper;
}

/** Who buys: the e-mail an order's mails go to, the name on it, and whether the e-mail is verified. */
export interface Buyer {
  email: string;
  fullName: string;
  verified: boolean;
}

/** Refuses, with a 429, an attempt past its limit per client and per e-mail. */
export type AttemptLimit = (action: string, request: FastifyRequest, email?: string) => Promise<void>;

/** What other modules may ask of the shop's accounts; the back office's team are accounts too (decision 0048). */
export interface Accounts {
  /** The buyer behind an account, null for none; cached, so a checkout does not read the account again. */
  buyer(userId: string, db?: Db): Promise<Buyer | null>;
  userIdByEmail(email: string): Promise<string | undefined>;
  getUser(userId: string): Promise<User>;
  checkPassword(email: string, password: string): Promise<{ userId: string; email: string } | null>;
  /** The account an invitation is for, made without a password when there is none. */
  invitee(input: { email: string; fullname: string }, tx?: Db): Promise<{ userId: string; email: string }>;
  /** Throws a 400 for a password on the common-password list. */
  refuseCommonPassword(password: string): void;
  newPasswordHash(password: string): Promise<string>;
  /** Sets a new password and ends the account's sessions: the ids of the sessions ended. */
  replacePassword(tx: Db, userId: string, passwordHash: string): Promise<string[]>;
  claimAccount(
    input: { email: string; fullname: string; passwordHash: string },
    tx: Db,
  ): Promise<{ userId: string; email: string; created: boolean; endedSessions: string[] }>;
  /** Tells every process that these sessions ended. */
  announceEnded(sessionIds: string[]): Promise<void>;
}

/** Sign-in attempts per client and per e-mail: refused past the limit, slowed down for an e-mail under attack. */
export interface SignInAttempts {
  before(request: FastifyRequest, email: string): Promise<void>;
  failed(request: FastifyRequest, email: string): Promise<void>;
  succeeded(request: FastifyRequest, email: string): Promise<void>;
}

export interface AuthFace {
  auth: Accounts;
  /** What a route declares to need a signed-in shopper. */
  hooks: ShopperHooks;
  limitAttempts: AttemptLimit;
  signInThrottle: SignInAttempts;
  /** The configured secret, or one made on first start and kept for every process (decision 0024). */
  sharedSecret(name: string, configured: string | undefined): Promise<Uint8Array>;
}

export const authFace = face<AuthFace>('auth');
/** What else a module keeps of a shopper, cleared in the transaction that deletes or takes over the account. */
export const forgetShopper = extensionPoint<(tx: Db, userId: string) => Promise<void>>('auth.forgetShopper');
/** Other sign-ins that end with a user's sessions: the back office's (decision 0047). */
export const endSessions = extensionPoint<(db: Db, userId: string) => Promise<void>>('auth.endSessions');
/** Further rules some accounts' new passwords must meet: a team member's length (decision 0054). */
export const newPasswordRule =
  extensionPoint<(db: Db, userId: string, password: string) => Promise<void>>('auth.newPasswordRules');
