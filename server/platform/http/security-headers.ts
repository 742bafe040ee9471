import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiRequest } from './api-route.ts';

/**
 * The headers helmet sets with these options, worked out once. They depend on no request, so every answer gets
 * the same object; running helmet's middleware chain per answer cost the webhook a tenth of its time (issue 10).
 * A route that needs its own (the storefront, /api/docs) replaces them as before.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Sets helmet's headers (for these options) on every answer, and `Cache-Control: no-store` on API answers (by the route matched, not the
 * target's spelling), which
 * carry tokens or personal data unless their route says otherwise (the catalogue and media do), before the route
 * runs. On the raw response, as helmet does: a header the route sets (the storefront's policy with its nonce, the
 * catalogue's caching) replaces one. Returns them, for answers made outside Fastify (the page cache's).
 */
export function useSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): Record<string, string> {
  const answers = helmetHeaders(options);
  const headers = Object.entries(answers);
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (isApiRequest(request)) reply.raw.setHeader('cache-control', 'no-store');
    done();
  });
  return answers;
}
