import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { contribute, defineModule } from '../platform/kernel/index.ts';
import { secret } from '../platform/kernel/setting-types.ts';
import { databaseFace, logFace } from '../platform/faces.ts';
import { httpObservers, metricsGauges } from '../platform/metrics/face.ts';
import { ShopMetrics } from './shop-metrics.ts';

/** What an answer no route matched is counted as: never its raw path, which would make a series per URL. */
const UNMATCHED_ROUTE = 'unmatched';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries the token, compared in constant time (both SHA-256, same length). */
function bearerMatches(header: string | undefined, tokenDigest: Buffer): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), tokenDigest);
}

export interface Metrics {
  metrics: ShopMetrics;
  /** METRICS_TOKEN's SHA-256, or null when unset: /metrics then answers 404. */
  metricsTokenDigest: Buffer | null;
}

/** Prometheus' metrics of this process at GET /metrics on its own port, for whoever holds METRICS_TOKEN. */
export const metricsModule = defineModule({
  name: 'metrics',
  settings: z.object({
    /** The bearer token GET /metrics asks for; unset, /metrics answers 404 (decision 0066). */
    METRICS_TOKEN: secret(z.string().min(16, 'must be at least 16 characters').optional()),
  }),
  needs: { database: databaseFace, log: logFace },
  create: ({ settings, needs, gather }): Metrics => ({
    metrics: new ShopMetrics(needs.database, gather(metricsGauges), (message, error) => needs.log.warn(message, error)),
    metricsTokenDigest: settings.METRICS_TOKEN ? digest(settings.METRICS_TOKEN) : null,
  }),
  routes: async (app, { metrics, metricsTokenDigest }) => {
    // Fastify's answers, each under its route's pattern; the fast paths' are told by the HTTP server.
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      metrics.answered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    // Outside /api: no API rate limit, and not in the OpenAPI document (Prometheus' format is no JSON contract).
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!metricsTokenDigest) return reply.code(404).send({ message: 'Not found' });
      if (!bearerMatches(request.headers.authorization, metricsTokenDigest))
        return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'Unauthorized' });
      const body = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(body);
    });
  },
  contributes: [contribute(httpObservers, ({ metrics }: Metrics) => metrics)],
  start: async ({ metrics }) => metrics.addGauges(),
});
