/**
 * The API's general rate limit (decision 0041): every /api route but the public cacheable catalogue reads counts each
 * client's requests in a one-minute window, in the store the per-route limits use (Redis across processes), and every
 * answer says where the client stands in the IETF draft's headers; over the limit the answer is 429 with Retry-After.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientKey } from './client-ip.ts';
import { isApiRequest } from './api-route.ts';
import { RateLimitedError, type RateLimitStore } from './rate-limit.ts';

/**
 * The operations the general limit leaves alone, by operationId: public, cacheable reads of the catalogue (and the
 * health checks) meant to sit behind a CDN or proxy, whose few addresses fetch for everyone. Their abuse is met at
 * the edge (decision 0041); `.spectral.yaml` names them for the rate-limit rules. Also Shiprocket's tracking webhook:
 * the courier posts every shipment's scans from a few addresses, and a refused scan is a late delivery mail; its
 * wrong keys are throttled by the route itself, as PhonePe's webhook's wrong credentials are (decision 0078).
 */
export const UNLIMITED_OPERATIONS: ReadonlySet<string> = new Set([
  'health',
  'healthLive',
  'healthReady',
  'productList',
  'product',
  'productReviews',
  'trackingWebhook',
]);

export const API_RATE_LIMIT_WINDOW_SECONDS = 60;

export const RATE_LIMIT_HEADERS = {
  limit: 'ratelimit-limit',
  remaining: 'ratelimit-remaining',
  reset: 'ratelimit-reset',
  policy: 'ratelimit-policy',
} as const;

export interface ApiRateLimitOptions {
  store: RateLimitStore;
  /** A signed-in request's account: a valid bearer token's user (the auth module's AccessTokens). */
  accessTokens: { check(token: string): Promise<{ ok: true; claims: { userId: string } } | { ok: false }> };
  /** Requests per minute for a signed-in account, and for a client address without a sign-in. */
  perAccount: number;
  perAddress: number;
  /** Told when the store fails: the API then answers without the limit rather than not at all. */
  onStoreError: (error: unknown) => void;
}

/** Whether the general limit counts this request: an /api route that is not one of the exempt reads. */
function isLimited(request: FastifyRequest): boolean {
  if (!isApiRequest(request)) return false;
  const operationId = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
  return !(operationId && UNLIMITED_OPERATIONS.has(operationId));
}

/**
 * Whom a request counts against: the signed-in account when it carries a valid access token (many shoppers share one
 * address behind a carrier's NAT), else the client address (request.ip, which honours TRUST_PROXY).
 */
async function clientOf(request: FastifyRequest, accessTokens: ApiRateLimitOptions['accessTokens']) {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const check = await accessTokens.check(header.slice('Bearer '.length).trim());
    if (check.ok) return { key: `api:user:${check.claims.userId}`, signedIn: true };
  }
  return { key: `api:ip:${clientKey(request.ip)}`, signedIn: false };
}

/** Installs the limit at the root, before every route's own hooks (sign-in, the admin guard, body parsing). */
export function installApiRateLimit(app: FastifyInstance, options: ApiRateLimitOptions): void {
  const { store, accessTokens, perAccount, perAddress, onStoreError } = options;
  app.addHook('onRequest', async (request, reply) => {
    if (!isLimited(request)) return;
    const client = await clientOf(request, accessTokens);
    const limit = client.signedIn ? perAccount : perAddress;
    let hit: { count: number; resetInSeconds: number };
    try {
      hit = await store.hit(client.key, API_RATE_LIMIT_WINDOW_SECONDS);
    } catch (error) {
      onStoreError(error);
      return;
    }
    const reset = Math.max(1, hit.resetInSeconds);
    reply.headers({
      [RATE_LIMIT_HEADERS.limit]: String(limit),
      [RATE_LIMIT_HEADERS.remaining]: String(Math.max(0, limit - hit.count)),
      [RATE_LIMIT_HEADERS.reset]: String(reset),
      [RATE_LIMIT_HEADERS.policy]: `${limit};w=${API_RATE_LIMIT_WINDOW_SECONDS}`,
    });
    if (hit.count > limit) throw new RateLimitedError(reset, 'requests');
  });
}
