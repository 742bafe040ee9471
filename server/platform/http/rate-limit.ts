import { Redis } from 'ioredis';
import { HttpError } from './errors.ts';

/** A fixed-window counter: the first hit starts a window, later hits in it add to its count. */
export interface RateLimitStore {
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>;
  /** Like hit, but each hit restarts the window: a count kept while hits keep coming (e.g. locks in a row). */
  hitExtending(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>;
  /** The current window's count without adding to it (0 when there is none). */
  peek(key: string): Promise<{ count: number; resetInSeconds: number }>;
  /** Forgets the key's window, e.g. a sign-in's failures once the right password was given. */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** One process only: fine for a single server and for development. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(sweepIntervalMs = 60_000) {
    // Keys that are never hit again would otherwise stay in the map forever.
    this.sweeper = setInterval(() => {
      const now = Date.now();
      for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    }, sweepIntervalMs).unref();
  }

  async hit(key: string, windowSeconds: number) {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInSeconds: Math.ceil((window.resetAt - now) / 1000) };
  }

  async hitExtending(key: string, windowSeconds: number) {
    const { count } = await this.hit(key, windowSeconds);
    this.windows.get(key)!.resetAt = Date.now() + windowSeconds * 1000;
    return { count, resetInSeconds: windowSeconds };
  }

  async peek(key: string) {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return { count: 0, resetInSeconds: 0 };
    return { count: window.count, resetInSeconds: Math.ceil((window.resetAt - now) / 1000) };
  }

  async clear(key: string) {
    this.windows.delete(key);
  }

  async close() {
    clearInterval(this.sweeper);
  }
}

// Atomic INCR plus expiry; a key left without a TTL is given one so it cannot block forever.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

const HIT_EXTENDING_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return count`;

/** Shared by every server process, so limits hold behind a load balancer. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(url: string, { prefix = 'rl:', connectTimeout }: { prefix?: string; connectTimeout?: number } = {}) {
    this.prefix = prefix;
    this.redis = new Redis(url, {
      lazyConnect: false,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      ...(connectTimeout === undefined ? {} : { connectTimeout }),
    });
    // Outages reach the caller as rejected hits; without a listener ioredis would print every reconnect failure.
    this.redis.on('error', () => {});
  }

  async hit(key: string, windowSeconds: number) {
    const [count, ttlMs] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, windowSeconds * 1000)) as [
      number,
      number,
    ];
    return { count, resetInSeconds: Math.ceil(ttlMs / 1000) };
  }

  async hitExtending(key: string, windowSeconds: number) {
    const count = (await this.redis.eval(HIT_EXTENDING_SCRIPT, 1, this.prefix + key, windowSeconds * 1000)) as number;
    return { count, resetInSeconds: windowSeconds };
  }

  async peek(key: string) {
    const [[, count], [, ttlMs]] = (await this.redis
      .multi()
      .get(this.prefix + key)
      .pttl(this.prefix + key)
      .exec()) as [[unknown, string | null], [unknown, number]];
    return { count: Number(count ?? 0), resetInSeconds: Math.max(0, Math.ceil(ttlMs / 1000)) };
  }

  async clear(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async close() {
    await this.redis.quit();
  }
}

export function createRateLimitStore(redisUrl?: string): RateLimitStore {
  return redisUrl ? new RedisRateLimitStore(redisUrl) : new MemoryRateLimitStore();
}

/** A 429 that also tells the route what to put in Retry-After. */
export class RateLimitedError extends HttpError {
  /** `what` names what there were too many of: attempts at an action, or requests under the API's general limit. */
  constructor(
    readonly retryAfterSeconds: number,
    what: 'attempts' | 'requests' = 'attempts',
  ) {
    super(
      429,
      `Too many ${what}. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
      {
        'retry-after': String(retryAfterSeconds),
      },
    );
  }
}

export interface RateLimitRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

export class RateLimiter {
  constructor(private readonly store: RateLimitStore) {}

  /** Counts a hit on every rule (e.g. per IP and per e-mail) and throws if any is over its limit. */
  async check(rules: RateLimitRule[]): Promise<void> {
    const hits = await Promise.all(rules.map((rule) => this.store.hit(rule.key, rule.windowSeconds)));
    const waits = hits.filter((hit, index) => hit.count > rules[index]!.limit).map((hit) => hit.resetInSeconds);
    // When several rules are exceeded, the client must wait for the last of them.
    if (waits.length > 0) throw new RateLimitedError(Math.max(1, ...waits));
  }

  /** Counts a hit on `rule` and says whether it is within the limit, for a cap that drops rather than refuses. */
  async allows(rule: RateLimitRule): Promise<boolean> {
    return (await this.store.hit(rule.key, rule.windowSeconds)).count <= rule.limit;
  }
}

/**
 * Refuses a client that failed too often (a wrong credential, say) until its window ends: failures are counted,
 * successes are not, so the rightful caller is never slowed by its own traffic.
 */
export class FailureThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly rule: { prefix: string; failures: number; windowSeconds: number },
  ) {}

  /** Throws a 429 (with Retry-After) when `key` has failed its allowance in the current window. */
  async before(key: string): Promise<void> {
    const { count, resetInSeconds } = await this.store.peek(`${this.rule.prefix}:${key}`);
    if (count >= this.rule.failures) throw new RateLimitedError(Math.max(1, resetInSeconds));
  }

  async failed(key: string): Promise<void> {
    await this.store.hit(`${this.rule.prefix}:${key}`, this.rule.windowSeconds);
  }
}
