import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { RateLimitedError, type RateLimiter, type RateLimitStore } from '../platform/http/rate-limit.ts';
import { clientKey } from '../platform/http/client-ip.ts';
import type { AttemptLimit, SignInAttempts } from '../platform/auth/face.ts';

/** Counts one attempt at an auth action per client IP and, when known, per e-mail; over the limit is a 429. */

export function attemptLimit(limiter: RateLimiter, perMinute: number): AttemptLimit {
  return (action, request, email) => {
    const rule = (key: string) => ({ key: `${action}:${key}`, limit: perMinute, windowSeconds: 60 });
    return limiter.check([
      rule(`ip:${clientKey(request.ip)}`),
      ...(email ? [rule(`email:${email.toLowerCase()}`)] : []),
    ]);
  };
}

const FAILURE_WINDOW_SECONDS = 15 * 60;
const HOUR_SECONDS = 3600;
/** Many shoppers share one address behind mobile carriers' NAT, so an address may fail more than one e-mail. */
const IP_FAILURES_PER_EMAIL_LIMIT = 5;
const SLOW_DOWN_STEP_MS = 500;
const MAX_SLOW_DOWN_MS = 5000;

/**
 * Sign-in counts failures, not attempts (decision 0010). Wrong passwords are refused per (e-mail, client IP)
 * and per client IP. Across all IPs, one e-mail's failures only slow its sign-in down: an attacker elsewhere
 * can never lock the owner out of their account.
 */
export class SignInThrottle implements SignInAttempts {
  constructor(
    private readonly store: RateLimitStore,
    private readonly failuresPerWindow: number,
  ) {}

  /** Refuses a client that failed too often; slows down an e-mail that fails too often from everywhere. */
  async before(request: FastifyRequest, email: string): Promise<void> {
    const keys = this.keys(request, email);
    const [pair, ip, everywhere] = await Promise.all([
      this.store.peek(keys.pair),
      this.store.peek(keys.ip),
      this.store.peek(keys.email),
    ]);
    const blocked = [
      pair.count >= this.failuresPerWindow ? pair.resetInSeconds : 0,
      ip.count >= this.failuresPerWindow * IP_FAILURES_PER_EMAIL_LIMIT ? ip.resetInSeconds : 0,
    ];
    if (Math.max(...blocked) > 0) throw new RateLimitedError(Math.max(...blocked));
    const overBy = everywhere.count - this.failuresPerWindow * 3;
    if (overBy > 0) await sleep(Math.min(MAX_SLOW_DOWN_MS, overBy * SLOW_DOWN_STEP_MS));
  }

  async failed(request: FastifyRequest, email: string): Promise<void> {
    const keys = this.keys(request, email);
    await Promise.all([
      this.store.hit(keys.pair, FAILURE_WINDOW_SECONDS),
      this.store.hit(keys.ip, FAILURE_WINDOW_SECONDS),
      this.store.hit(keys.email, HOUR_SECONDS),
    ]);
  }

  /** The right password wipes this client's failures for the e-mail. */
  async succeeded(request: FastifyRequest, email: string): Promise<void> {
    await this.store.clear(this.keys(request, email).pair);
  }

  private keys(request: FastifyRequest, email: string) {
    const ip = clientKey(request.ip);
    const address = email.toLowerCase();
    return {
      pair: `signin-failed:pair:${ip}:${address}`,
      ip: `signin-failed:ip:${ip}`,
      email: `signin-failed:email:${address}`,
    };
  }
}

/** Wrong current passwords on the profile: a stolen access token must not become a password oracle. */
export class PasswordCheckThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly failuresPerWindow: number,
  ) {}

  async before(userId: string): Promise<void> {
    const { count, resetInSeconds } = await this.store.peek(`password-check:${userId}`);
    if (count >= this.failuresPerWindow) throw new RateLimitedError(resetInSeconds);
  }

  async failed(userId: string): Promise<void> {
    await this.store.hit(`password-check:${userId}`, FAILURE_WINDOW_SECONDS);
  }
}
