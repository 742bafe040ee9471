import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed here';

/**
 * For endpoints a cookie alone authorises (refresh, logout): a browser says where a request comes from, in
 * Sec-Fetch-Site and Origin, and another site's page must not be able to use the shopper's cookie. Clients that
 * send neither header (curl, server-to-server) are no CSRF risk, having no browser cookie jar to borrow.
 */
export function refuseCrossSite(request: FastifyRequest, publicOrigin: string): void {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') throw new HttpError(403, CROSS_SITE_MESSAGE);
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const ownOrigins = [publicOrigin, `${request.protocol}://${request.host}`];
  if (!ownOrigins.includes(origin)) throw new HttpError(403, CROSS_SITE_MESSAGE);
}
