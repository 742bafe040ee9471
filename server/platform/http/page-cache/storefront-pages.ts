import type { FastifyReply } from 'fastify';
import type { AppLoadContext, createRequestHandler } from 'react-router';
import type { StorefrontContext } from '../../../../core/storefront.ts';
import { NonceTemplate } from './nonce-template.ts';
import type { CachedPage, PageCache } from './page-cache.ts';

/** The storefront's route, as Fastify and the metrics name every page (decision 0066). */
export const PAGES_ROUTE = '/*';

export interface StorefrontPageCache {
  cache: PageCache;
  /** What pages are rendered with in place of the nonce: newPlaceholder(). */
  placeholder: string;
  /** The cache key of a request target, or null when it is no cacheable page of this shop. */
  keyOf: (target: string) => string | null;
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
function unchanged(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === bare);
}

/** The headers every response of a kept page carries alike, whoever asks: the page's own and its validators. */
export function pageHeaders(page: CachedPage, hit: boolean): Record<string, string> {
  const headers: Record<string, string> = Object.fromEntries(page.headers);
  headers['x-page-cache'] = hit ? 'hit' : 'miss';
  if (page.keep) {
    headers.etag = page.body.etag;
    headers['cache-control'] = 'no-cache';
    headers.vary = 'accept-encoding';
  }
  return headers;
}

/** What one response of a cached page adds to pageHeaders: its status, its own headers and its body (none for 304). */
export interface PageAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body as parts to send one after another (none for 304), and their length. */
  body: Buffer[] | null;
  length: number;
}

/**
 * A page from the cache with this response's nonce, in the page and in its policy: 304 when the browser holds it (no
 * policy then, so the browser keeps the one that matches its copy), gzip when the browser takes it.
 */
export function cachedPageAnswer(
  page: CachedPage,
  request: { ifNoneMatch?: string; acceptEncoding?: string },
  nonce: string,
  contentSecurityPolicy: (nonce: string) => string,
): PageAnswer {
  if (page.keep && unchanged(request.ifNoneMatch, page.body.etag))
    return { status: 304, headers: {}, body: null, length: 0 };
  const headers: Record<string, string> = { 'content-security-policy': contentSecurityPolicy(nonce) };
  const gzip = /\bgzip\b/.test(request.acceptEncoding ?? '');
  if (gzip) headers['content-encoding'] = 'gzip';
  const body = gzip ? page.body.gzipParts(nonce) : page.body.plainParts(nonce);
  return { status: page.status, headers, body, length: body.reduce((sum, part) => sum + part.length, 0) };
}

/** Sends a cached page through Fastify (a page the request waited for, rendered or shared). */
export function sendCachedPage(
  reply: FastifyReply,
  { page, hit }: { page: CachedPage; hit: boolean },
  answer: PageAnswer,
) {
  // The policy hook set on the raw response belongs to the API; a 304 carries none.
  reply.raw.removeHeader('content-security-policy');
  return reply
    .code(answer.status)
    .headers(pageHeaders(page, hit))
    .headers(answer.headers)
    .send(answer.body ? Buffer.concat(answer.body, answer.length) : undefined);
}
