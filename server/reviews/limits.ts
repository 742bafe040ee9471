import type { RateLimiter } from '../platform/http/rate-limit.ts';

const HOUR_SECONDS = 3600;

/** Counts one review write by the shopper; past `perHour` in the hour it throws a 429 with Retry-After. */
export function reviewWriteLimit(limiter: RateLimiter, perHour: number): (userId: string) => Promise<void> {
  return (userId) => limiter.check([{ key: `review:${userId}`, limit: perHour, windowSeconds: HOUR_SECONDS }]);
}
