import type { IncomingMessage, ServerResponse } from 'node:http';
import { newNonce } from '../nonce.ts';
import { cachedPageAnswer, pageHeaders, PAGES_ROUTE } from './storefront-pages.ts';
import type { CachedPage, PageCache } from './page-cache.ts';

export interface PageCacheFastPath {
  cache: PageCache;
  /** The cache key of a request target, or null when it is no cacheable page of this shop. */
  keyOf: (target: string) => string | null;
  /** The headers every storefront answer carries (helmet's), apart from its policy. */
  securityHeaders: Record<string, string>;
  contentSecurityPolicy: (nonce: string) => string;
}

/** Each kept page's fixed headers as Node's flat list, worked out on its first hit. */
const fixedHeaders = new WeakMap<CachedPage, string[]>();

function fixedHeadersOf(page: CachedPage, securityHeaders: Record<string, string>): string[] {
  let flat = fixedHeaders.get(page);
  if (!flat) {
    flat = Object.entries({ ...securityHeaders, ...pageHeaders(page, true) }).flat();
    fixedHeaders.set(page, flat);
  }
  return flat;
}

/**
 * Answers a request for a page the cache holds before Fastify sees it (decision 0038): the same status, headers and
 * body as the storefront route would send, without its hooks, routing and per-request log line, which were most of a
 * cached page's time, and says PAGES_ROUTE. Anything else (a miss, a render under way, another method) returns false
 * for Fastify to answer.
 */
export function answerFromPageCache(
  { cache, keyOf, securityHeaders, contentSecurityPolicy }: PageCacheFastPath,
  request: IncomingMessage,
  response: ServerResponse,
): typeof PAGES_ROUTE | false {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const key = keyOf(request.url ?? '');
  const page = key === null ? undefined : cache.peek(key);
  if (!page) return false;
  const answer = cachedPageAnswer(
    page,
    { ifNoneMatch: request.headers['if-none-match'], acceptEncoding: request.headers['accept-encoding'] },
    newNonce(),
    contentSecurityPolicy,
  );
  const headers = [...fixedHeadersOf(page, securityHeaders), ...Object.entries(answer.headers).flat()];
  if (answer.body) headers.push('content-length', String(answer.length));
  response.writeHead(answer.status, headers);
  if (request.method === 'HEAD' || !answer.body) {
    response.end();
    return PAGES_ROUTE;
  }
  // Corked (end() uncorks), the header and the parts leave in one write, as one buffer would.
  response.cork();
  for (const part of answer.body) response.write(part);
  response.end();
  return PAGES_ROUTE;
}
