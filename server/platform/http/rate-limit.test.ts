import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MemoryRateLimitStore,
  RateLimitedError,
  RateLimiter,
  RedisRateLimitStore,
  createRateLimitStore,
  type RateLimitStore,
} from './rate-limit.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
// Unique per run so parallel runs never share counters, and so cleanup deletes only our keys.
const redisPrefix = `rl-test:${randomUUID()}:`;

afterAll(async () => {
  const redis = new Redis(REDIS_URL);
  // SCAN rather than KEYS: the server may be shared and large.
  for await (const keys of redis.scanStream({ match: `${redisPrefix}*` }) as AsyncIterable<string[]>) {
    if (keys.length > 0) await redis.del(...keys);
  }
  await redis.quit();
});

const stores = [
  { name: 'memory', create: () => new MemoryRateLimitStore() },
  { name: 'redis', create: () => new RedisRateLimitStore(REDIS_URL, { prefix: redisPrefix }) },
];

describe.each(stores)('$name store', ({ create }) => {
  let store: RateLimitStore;
  let limiter: RateLimiter;
  beforeAll(() => {
    store = create();
    limiter = new RateLimiter(store);
  });
  afterAll(async () => {
    await store?.close();
  });

  const rule = (key: string, limit = 10, windowSeconds = 60) => ({ key, limit, windowSeconds });

  it('allows 10 hits and rejects the 11th with 429 and a Retry-After', async () => {
    for (let attempt = 0; attempt < 10; attempt++) await limiter.check([rule('eleven')]);
    const error = await limiter.check([rule('eleven')]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ statusCode: 429 });
    const { retryAfterSeconds, message } = error as RateLimitedError;
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(message).toBe(`Too many attempts. Please try again in ${retryAfterSeconds} seconds.`);
  });

  it('counts separate keys independently', async () => {
    for (let attempt = 0; attempt < 3; attempt++) await store.hit('independent:a', 60);
    expect((await store.hit('independent:b', 60)).count).toBe(1);
    expect((await store.hit('independent:a', 60)).count).toBe(4);
  });

  it('starts counting again once the window has passed', async () => {
    await limiter.check([rule('window', 1, 1)]);
    await expect(limiter.check([rule('window', 1, 1)])).rejects.toBeInstanceOf(RateLimitedError);
    await sleep(1100);
    await limiter.check([rule('window', 1, 1)]);
    expect((await store.hit('window', 1)).count).toBe(2);
  });

  it('rejects when either the per-IP or the per-e-mail rule is exceeded', async () => {
    const signin = (ip: string, email: string) =>
      limiter.check([rule(`signin:ip:${ip}`, 3), rule(`signin:email:${email}`, 5)]);
    for (let attempt = 0; attempt < 3; attempt++) await signin('10.0.0.1', `user${attempt}@example.in`);
    await expect(signin('10.0.0.1', 'fresh@example.in')).rejects.toMatchObject({ statusCode: 429 });
    for (let attempt = 0; attempt < 5; attempt++) await signin(`10.0.1.${attempt}`, 'target@example.in');
    await expect(signin('10.0.2.1', 'target@example.in')).rejects.toMatchObject({ statusCode: 429 });
  });

  it('counts 50 concurrent hits exactly', async () => {
    const hits = await Promise.all(Array.from({ length: 50 }, () => store.hit('concurrent', 60)));
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('keeps an extending count while hits come within its window, and forgets it after a quiet window', async () => {
    expect((await store.hitExtending('extending', 2)).count).toBe(1);
    await sleep(1200);
    expect((await store.hitExtending('extending', 2)).count).toBe(2);
    await sleep(1200);
    // 2.4 s after the first hit: a fixed window would have ended.
    expect((await store.peek('extending')).count).toBe(2);
    await sleep(2100);
    expect((await store.peek('extending')).count).toBe(0);
  });
});

describe('RedisRateLimitStore', () => {
  it('rejects instead of hanging when Redis is unreachable', { timeout: 5000 }, async () => {
    const store = new RedisRateLimitStore('redis://127.0.0.1:1', { connectTimeout: 200 });
    await expect(store.hit('unreachable', 60)).rejects.toThrow();
    await store.close();
  });
});

describe('createRateLimitStore', () => {
  it('uses Redis when given a URL and memory otherwise', async () => {
    const memory = createRateLimitStore();
    const redis = createRateLimitStore(REDIS_URL);
    expect(memory).toBeInstanceOf(MemoryRateLimitStore);
    expect(redis).toBeInstanceOf(RedisRateLimitStore);
    await Promise.all([memory.close(), redis.close()]);
  });
});
