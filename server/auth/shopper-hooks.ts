import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../platform/http/errors.ts';
import type { AccessClaims, ShopperHooks } from '../platform/auth/face.ts';
import type { AccessTokens } from './tokens.ts';

/** Gives every request its `shopper`, null until a route's hook sets it: the root calls it once. */
export function decorateShopper(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('shopper')) app.decorateRequest('shopper', null);
}

/**
 * Sign-in as hooks (decision 0024): the root decorates every request with `shopper` (null until a hook sets it),
 * and a route, or a whole prefix with addHook, declares what it needs once; handlers read `signedIn(request)`. The
 * hooks run on request, before the body is read or validated, so a request without a session is a 401, never a 400.
 */
export function shopperHooks(accessTokens: AccessTokens): ShopperHooks {
  return {
    async requireShopper(request) {
      request.shopper = await requireUser(request, accessTokens);
    },
  };
}

/** The signed-in user behind a request's `Authorization: Bearer …` header, or a 401 the client refreshes on. */
export async function requireUser(request: FastifyRequest, accessTokens: AccessTokens): Promise<AccessClaims> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  if (!token) throw new HttpError(401, 'Please sign in');
  const check = await accessTokens.check(token);
  if (!check.ok) throw new HttpError(401, check.reason === 'expired' ? 'Session expired' : 'Please sign in');
  return check.claims;
}
