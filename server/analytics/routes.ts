import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEACON_MAX_BYTES, BEACON_MEDIA_TYPES, collectEndpoint } from '../../core/contracts/analytics.ts';
import { HttpError } from '../platform/http/errors.ts';
import { refuseCrossSite } from '../platform/http/same-origin.ts';
import { route } from '../platform/http/endpoint-route.ts';
import type { AnalyticsService } from './service.ts';

interface AnalyticsRouteOptions {
  analytics: AnalyticsService;
  /** The shop's PUBLIC_URL origin: a beacon from another is refused. */
  publicOrigin: string;
}

/**
 * The storefront's beacon (decision 0037): public, without cookies, counted per address and shop-wide; only from
 * the shop's own pages, by what the browser says of where it comes from (decision 0050).
 */
export const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (
  app,
  { analytics, publicOrigin },
) => {
  // navigator.sendBeacon sends a string as text/plain, which needs no CORS preflight: here it holds JSON. Only
  // this plugin's route reads text/plain so.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, text, done) => {
    try {
      done(null, JSON.parse(text as string));
    } catch {
      done(new HttpError(400, 'The beacon must be JSON'), undefined);
    }
  });

  route(app, collectEndpoint, {
    bodyLimit: BEACON_MAX_BYTES,
    schema: {
      tags: ['analytics'],
      summary: "Count a page view and keep its page load's Core Web Vitals, without anything about the visitor",
      description:
        'What `navigator.sendBeacon` sends: JSON as `text/plain` or `application/json`, at most 4 KB. No cookie is ' +
        'read or set; the address is used only for its rate limit and the user agent only to drop bots, neither ' +
        'stored. A product slug the catalogue does not know is counted as a product page without its slug. ' +
        '`view: false` stores only the vitals of a view counted before. Refused (403) when `Sec-Fetch-Site` or ' +
        '`Origin` says another site sent it.',
      consumes: [...BEACON_MEDIA_TYPES],
    },
    // Before the body is read: another site's page gets nothing else out of the route.
    onRequest: async (request) => refuseCrossSite(request, publicOrigin),
    handler: async (request, reply) => {
      await analytics.collect(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      return reply.code(204).send(null);
    },
  });
};
