import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppLoadContext, createRequestHandler } from 'react-router';
import type { StorefrontContext } from '../../../core/storefront.ts';
import { NonceTemplate } from './nonce-template.ts';
import type { CachedPage, PageCache } from './page-cache.ts';

export interface StorefrontPageCache {
  cache: PageCache;
  /** What pages are rendered with in place of the nonce: newPlaceholder(). */
  placeholder: string;
}

/** Headers a kept page never repeats: the body's length changes with its encoding, and a cookie is one visitor's. */
const NOT_KEPT = new Set(['content-length', 'set-cookie', 'content-security-policy']);

/**
 * Renders `path` as any anonymous visitor would get it: from the shop's own origin (never the Host a request names,
 * which would then be every visitor's), with the stand-in for the nonce, read whole.
 */
export async function renderForCache(
  handle: ReturnType<typeof createRequestHandler>,
  context: Omit<StorefrontContext, 'cspNonce'>,
  placeholder: string,
  path: string,
): Promise<CachedPage> {
  const request = new Request(new URL(path, context.origin), { headers: { accept: 'text/html' } });
  const loadContext: AppLoadContext = { ...context, cspNonce: placeholder };
  const response = await handle(request, loadContext);
  const html = await response.text();
  const isHtml = (response.headers.get('content-type') ?? '').startsWith('text/html');
  return {
    status: response.status,
    headers: [...response.headers].filter(([name]) => !NOT_KEPT.has(name.toLowerCase())),
    body: new NonceTemplate(html, placeholder),
    keep: response.status === 200 && isHtml && !response.headers.has('set-cookie'),
  };
}

/** Whether the browser's copy is this page: If-None-Match holds its tag (weakly compared, RFC 9110 13.1.2). */
function unchanged(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === bare);
}

/**
 * Answers a page from the cache with this response's nonce, in the page and in its policy: 304 when the browser holds
 * it (no policy then, so the browser keeps the one that matches its copy), gzip when the browser takes it.
 */
export function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  { page, hit }: { page: CachedPage; hit: boolean },
  nonce: string,
  contentSecurityPolicy: (nonce: string) => string,
) {
  reply.code(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.header('x-page-cache', hit ? 'hit' : 'miss');
  if (page.keep) {
    reply.header('etag', page.body.etag);
    reply.header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding');
    if (unchanged(request, page.body.etag)) {
      reply.raw.removeHeader('content-security-policy');
      return reply.code(304).send();
    }
  }
  reply.raw.setHeader('content-security-policy', contentSecurityPolicy(nonce));
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    reply.header('content-encoding', 'gzip');
    return reply.send(page.body.gzip(nonce));
  }
  return reply.send(page.body.plain(nonce));
}
