import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_TRACKING_WEBHOOK_BYTES,
  TRACKING_WEBHOOK_MESSAGES,
  trackingWebhookEndpoint,
} from '../../core/contracts/shipping.ts';
import { route } from '../platform/http/endpoint-route.ts';
import { clientKey } from '../platform/http/client-ip.ts';
import type { FailureThrottle } from '../platform/http/rate-limit.ts';
import { trackingKeyAuthorized, type Tracking } from './tracking.ts';

const sentBodies = new WeakMap<object, unknown>();
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface TrackingRouteOptions {
  tracking: Tracking;
  /** The token x-api-key must be; null refuses every webhook (production without SHIPROCKET_WEBHOOK_TOKEN). */
  token: string | null;
  /** Wrong keys per client address: the general limit leaves this route alone (decision 0078). */
  keyFailures: FailureThrottle;
}

/** Shiprocket's tracking webhook (issue 34, decision 0074). Its path avoids the words Shiprocket refuses in URLs. */
export const trackingRoutes: FastifyPluginAsyncZod<TrackingRouteOptions> = async (
  app,
  { tracking, token, keyFailures },
) => {
  route(app, trackingWebhookEndpoint, {
    bodyLimit: MAX_TRACKING_WEBHOOK_BYTES,
    // Before the body is read: a forged or oversized webhook costs no parse and stores nothing.
    onRequest: async (request, reply) => {
      const client = clientKey(request.ip);
      await keyFailures.before(client);
      if (!trackingKeyAuthorized(request.headers['x-api-key'], token)) {
        await keyFailures.failed(client);
        return reply.code(401).send({ message: TRACKING_WEBHOOK_MESSAGES.unauthorized });
      }
      if (Number(request.headers['content-length']) > MAX_TRACKING_WEBHOOK_BYTES) {
        return reply.code(413).send({ message: TRACKING_WEBHOOK_MESSAGES.tooLarge });
      }
    },
    // The body as sent, before validation strips the fields the contract does not list: the inbox keeps it whole.
    preValidation: async (request) => {
      sentBodies.set(request, request.body);
    },
    schema: {
      tags: ['shipping'],
      summary: "Shiprocket's tracking webhook: one scan of a shipment, stored and applied by the job queue.",
      security: [{ shiprocketWebhook: [] }],
      description:
        'x-api-key must be the configured SHIPROCKET_WEBHOOK_TOKEN (compared in constant time), else 401 and ' +
        'nothing is stored; an address that keeps failing gets 429. Not under the general rate limit (Shiprocket ' +
        'posts from a few addresses). A body that is not a JSON object, or a listed field of another type, is 400; over ' +
        '64 KB 413. Any other object is stored whole and ' +
        'answered at once; the job queue reads its awb, shipment_status_id (else current_status_id) and ' +
        'current_timestamp (else the last scan’s date) and applies each (AWB, status id, time) once. A body ' +
        'without them, or of an AWB the shop did not ship, is kept and ignored; an unknown status id is `other`.',
    },
    handler: async (request) => {
      const sent = sentBodies.get(request);
      await tracking.receive(isObject(sent) ? sent : request.body);
      return { received: true };
    },
  });
};
