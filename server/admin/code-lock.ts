import type { RateLimitStore } from '../platform/http/rate-limit.ts';

/** Wrong codes an account may take in FAILURE_WINDOW before its code step locks. */
export const CODE_FAILURES = 5;
const FAILURE_WINDOW_SECONDS = 15 * 60;
const FIRST_LOCK_SECONDS = 15 * 60;
const LONGEST_LOCK_SECONDS = 24 * 3600;
/** The locks in a row are forgotten this long after the last: the longest lock and a quiet day after it. */
const LOCK_MEMORY_SECONDS = LONGEST_LOCK_SECONDS + 24 * 3600;

/**
 * Wrong second-factor codes, counted per admin account in the shared rate-limit store (decision 0047), whatever
 * session or address they come from: the fifth in 15 minutes locks the account's code step for 15 minutes, each
 * further lock in a row twice as long, up to a day. Nothing clears the count early: not a right password, not a
 * right code.
 */
export class CodeLock {
  constructor(private readonly store: RateLimitStore) {}

  /** The seconds the account's code step stays locked; 0 when it takes codes. */
  async lockedFor(userId: string): Promise<number> {
    const { count, resetInSeconds } = await this.store.peek(keys(userId).lock);
    return count > 0 ? Math.max(1, resetInSeconds) : 0;
  }

  /** Counts a wrong code: the failures so far, and the lock's length when this one locked the account. */
  async failed(userId: string): Promise<{ failures: number; lockedForSeconds: number | null }> {
    const key = keys(userId);
    const { count } = await this.store.hit(key.failures, FAILURE_WINDOW_SECONDS);
    if (count < CODE_FAILURES) return { failures: count, lockedForSeconds: null };
    const { count: locks } = await this.store.hitExtending(key.locks, LOCK_MEMORY_SECONDS);
    const lockedForSeconds = Math.min(LONGEST_LOCK_SECONDS, FIRST_LOCK_SECONDS * 2 ** Math.min(locks - 1, 16));
    await this.store.clear(key.lock);
    await this.store.hit(key.lock, lockedForSeconds);
    // The next lock needs five new wrong codes, counted once this one is over.
    await this.store.clear(key.failures);
    return { failures: count, lockedForSeconds };
  }
}

const keys = (userId: string) => ({
  failures: `admin-code-failed:${userId}`,
  lock: `admin-code-lock:${userId}`,
  locks: `admin-code-locks:${userId}`,
});
