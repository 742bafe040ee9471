// The lock of decision 0047 in both stores the shop runs on: this process's memory, and Redis shared by processes.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from '../platform/http/rate-limit.ts';
import { CODE_FAILURES, CodeLock } from './code-lock.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const redisPrefix = `code-lock-test:${randomUUID()}:`;
const stores: Array<{ name: string; create: () => RateLimitStore }> = [
  { name: 'memory', create: () => new MemoryRateLimitStore() },
  { name: 'redis', create: () => new RedisRateLimitStore(REDIS_URL, { prefix: redisPrefix }) },
];

afterAll(async () => {
  const redis = new Redis(REDIS_URL);
  for await (const keys of redis.scanStream({ match: `${redisPrefix}*` }) as AsyncIterable<string[]>) {
    if (keys.length > 0) await redis.del(...keys);
  }
  await redis.quit();
});

describe.each(stores)('the code lock in the $name store', ({ create }) => {
  const store = create();
  const lock = new CodeLock(store);
  afterAll(() => store.close());

  /** Five wrong codes; the lock's length the fifth answered. */
  async function fiveWrong(userId: string): Promise<number | null> {
    let last: number | null = null;
    for (let failure = 1; failure <= CODE_FAILURES; failure++) {
      const { failures, lockedForSeconds } = await lock.failed(userId);
      expect(failures).toBe(failure);
      expect(lockedForSeconds === null).toBe(failure < CODE_FAILURES);
      last = lockedForSeconds;
    }
    return last;
  }

  /** Ends the current lock early, as its time passing would: the count of locks in a row stays. */
  const lockEnds = (userId: string) => store.clear(`admin-code-lock:${userId}`);

  it('locks an account for 15 minutes at its fifth wrong code, and only that account', async () => {
    const userId = randomUUID();
    expect(await lock.lockedFor(userId)).toBe(0);
    expect(await fiveWrong(userId)).toBe(900);
    const left = await lock.lockedFor(userId);
    expect(left).toBeGreaterThan(895);
    expect(left).toBeLessThanOrEqual(900);
    expect(await lock.lockedFor(randomUUID())).toBe(0);
  });

  it('doubles each further lock in a row, up to a day', async () => {
    const userId = randomUUID();
    const lengths = [];
    for (let lockNumber = 0; lockNumber < 9; lockNumber++) {
      lengths.push(await fiveWrong(userId));
      await lockEnds(userId);
    }
    expect(lengths).toEqual([900, 1800, 3600, 7200, 14_400, 28_800, 57_600, 86_400, 86_400]);
  });
});
