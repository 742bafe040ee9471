// The back office's loaders and actions call the shop's own API through this (issue 32): the same routes, guard,
// CSRF check, audit and contracts as the browser's calls, without a socket.
import type { FastifyInstance } from 'fastify';
import type { StorefrontContext } from '../../../core/storefront.ts';

/**
 * Headers of the page request that describe its body, its connection or the page it asks for (its cache
 * validators and range), not the person asking: not passed on.
 */
const NOT_PASSED_ON = new Set([
  'accept',
  'accept-encoding',
  'connection',
  'content-length',
  'content-type',
  'if-match',
  'if-modified-since',
  'if-none-match',
  'if-range',
  'if-unmodified-since',
  'keep-alive',
  'range',
  'transfer-encoding',
  'upgrade',
]);

/**
 * The API answered in process for a page's request: its cookie, origin, Sec-Fetch-* and forwarding headers go with
 * the call, which comes from the page request's own TCP peer, so `request.ip` (and with it TRUST_PROXY, the rate
 * limit, the audit's address and the this-machine-only checks) reads as it would for the browser.
 */
export function inProcessApi(app: FastifyInstance): StorefrontContext['api'] {
  return async (request, clientAddress, { method, url, body, headers = {} }) => {
    if (!url.startsWith('/api/')) throw new Error(`Not an API path: ${url}`);
    // A page rendered for the cache has no client; it never calls the API (only the back office's pages do).
    if (!clientAddress) throw new Error('An in-process API call needs the page request’s client address');
    const passed: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      if (!NOT_PASSED_ON.has(name)) passed[name] = value;
    });
    const raw = body instanceof Uint8Array;
    if (body !== undefined && !raw) passed['content-type'] = 'application/json';
    // A raw body (a multipart upload) names its own content type in `headers`.
    const answer = await app.inject({
      method,
      url,
      headers: { ...passed, ...headers },
      remoteAddress: clientAddress,
      ...(body === undefined ? {} : { payload: raw ? Buffer.from(body) : JSON.stringify(body) }),
    });
    let parsed: unknown;
    try {
      parsed = answer.body ? JSON.parse(answer.body) : undefined;
    } catch {
      parsed = undefined;
    }
    const setCookie = answer.headers['set-cookie'];
    return { status: answer.statusCode, body: parsed, setCookies: setCookie === undefined ? [] : [setCookie].flat() };
  };
}
