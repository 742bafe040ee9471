import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Database, Db } from '../platform/db/client.ts';
import { refreshTokens, sessions } from './schema.ts';

/** Other processes drop these session ids from their cache ('*': everything). */
export const SESSIONS_CHANGED = 'sessions_changed';
/** A safety net: a cached answer is re-read after this long even if a notification was lost. */
const CACHE_MS = 60_000;
const CACHE_ENTRIES = 50_000;
/** NOTIFY payloads are limited to 8000 bytes; beyond this many ids, everyone drops everything. */
const IDS_PER_NOTICE = 150;
const DAY_MS = 86_400_000;

/** Ends, in the caller's transaction, what another module keeps signed in for a user. */
export type EndUserSignIns = (db: Db, userId: string) => Promise<void>;

interface SessionState {
  userId: string;
  expiresAt: number;
  revoked: boolean;
}

/**
 * Sign-in sessions: created at sign-in, ended by sign-out, password changes, resets and role changes. Every API
 * call asks whether its token's session is still active; the answers are cached per process and dropped on
 * every process when a session ends (LISTEN/NOTIFY), so an ended session's access tokens stop working at once.
 */
export class SessionStore {
  private readonly cache = new Map<string, { state: Promise<SessionState | null>; cachedAt: number }>();
  private unsubscribe: (() => Promise<void>) | null = null;
  constructor(
    private readonly database: Database,
    private readonly maxDays: number,
    /**
     * What else ends whenever this store ends a user's sessions (a password changed or reset, a role changed, an
     * account taken over), in the same transaction: the back office's sessions (extension point `auth.endSessions`,
     * decision 0047). Read at each end: the modules' contributions are filled once they are all created.
     */
    private readonly alsoEnding: readonly EndUserSignIns[] = [],
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.database.listen(
      SESSIONS_CHANGED,
      (payload) => this.forget(payload === '*' ? null : payload.split(',')),
      () => this.forget(null),
    );
  }

  async stop(): Promise<void> {
    await this.unsubscribe?.();
  }

  /** A new session for the user, inside the caller's transaction when given. */
  async create(userId: string, db: Db = this.database.db): Promise<{ id: string; expiresAt: Date }> {
    const [row] = await db
      .insert(sessions)
      .values({ userId, expiresAt: new Date(Date.now() + this.maxDays * DAY_MS) })
      .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
    return row!;
  }

  /** The session when it is neither ended nor past its absolute expiry. */
  async active(sessionId: string, db: Db = this.database.db): Promise<{ userId: string; expiresAt: Date } | null> {
    const [row] = await db
      .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
    return row ?? null;
  }

  /** Whether an access token naming this session and user may still be used. */
  async isActive(sessionId: string, userId: string): Promise<boolean> {
    let entry = this.cache.get(sessionId);
    if (!entry || Date.now() - entry.cachedAt > CACHE_MS) {
      if (this.cache.size >= CACHE_ENTRIES) this.cache.clear();
      entry = { state: this.load(sessionId), cachedAt: Date.now() };
      const cached = entry;
      cached.state.catch(() => this.cache.get(sessionId) === cached && this.cache.delete(sessionId));
      this.cache.set(sessionId, entry);
    }
    const state = await entry.state;
    return state !== null && state.userId === userId && !state.revoked && state.expiresAt > Date.now();
  }

  /**
   * Ends sessions inside the caller's transaction and returns their ids; call `announce` with them once the
   * transaction has committed. `keep` spares one session (the one changing its own password); every other module's
   * sign-ins end too (alsoEnd).
   */
  async endForUser(db: Db, userId: string, keep?: string): Promise<string[]> {
    for (const end of this.alsoEnding) await end(db, userId);
    const ended = await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined))
      .returning({ id: sessions.id });
    return this.endRefreshTokens(
      db,
      ended.map((row) => row.id),
    );
  }

  /** Ends one session (sign-out, a replayed refresh token); see endForUser. */
  async end(db: Db, sessionId: string): Promise<string[]> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    return this.endRefreshTokens(db, [sessionId]);
  }

  /** Tells every process, this one first, that these sessions ended. */
  async announce(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    this.forget(sessionIds);
    const payload = sessionIds.length > IDS_PER_NOTICE ? '*' : sessionIds.join(',');
    await this.database.notify(SESSIONS_CHANGED, payload);
  }

  private async endRefreshTokens(db: Db, sessionIds: string[]): Promise<string[]> {
    if (sessionIds.length === 0) return [];
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(inArray(refreshTokens.familyId, sessionIds), isNull(refreshTokens.revokedAt)));
    return sessionIds;
  }

  private async load(sessionId: string): Promise<SessionState | null> {
    const [row] = await this.database.db
      .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return row ? { userId: row.userId, expiresAt: row.expiresAt.getTime(), revoked: row.revokedAt !== null } : null;
  }

  private forget(sessionIds: string[] | null): void {
    if (sessionIds === null) this.cache.clear();
    else for (const id of sessionIds) this.cache.delete(id);
  }
}
