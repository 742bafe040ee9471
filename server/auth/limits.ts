import type { FastifyRequest } from 'fastify';
import type { RateLimiter } from '../http/rate-limit.ts';

/** Counts one attempt at an auth action per client IP and, when known, per e-mail; over the limit is a 429. */
export type AttemptLimit = (action: string, request: FastifyRequest, email?: string) => Promise<void>;

export function attemptLimit(limiter: RateLimiter, perMinute: number): AttemptLimit {
  return (action, request, email) => {
    const rule = (key: string) => ({ key: `${action}:${key}`, limit: perMinute, windowSeconds: 60 });
    return limiter.check([rule(`ip:${request.ip}`), ...(email ? [rule(`email:${email.toLowerCase()}`)] : [])]);
  };
}
