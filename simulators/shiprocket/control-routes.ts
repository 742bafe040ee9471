import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { SimulatorContext } from './context.ts';
import { faultSchema } from './faults.ts';
import { serviceabilityRuleSchema } from './serviceability.ts';

const scanSchema = z.object({
  awb: z.string().min(1),
  /** The shipment's status id (`shipment_status_id`): 6 shipped, 42 picked up, 7 delivered, 10 RTO delivered… */
  statusId: z.number().int().min(1),
  /** The courier's own reading (`current_status_id`); the statusId when absent. */
  currentStatusId: z.number().int().min(1).optional(),
  activity: z.string().optional(),
  location: z.string().optional(),
  /** ISO time of the scan; now when absent. */
  at: z.iso.datetime({ offset: true }).optional(),
  /** send: now; hold: until POST /control/webhooks/release; drop: never (a lost webhook, the scan kept). */
  webhook: z.enum(['send', 'hold', 'drop']).default('send'),
});

/**
 * What a test does in place of couriers and Shiprocket's panel (decision 0073): scans and their webhooks
 * (repeated, reordered, lost), faults, expired tokens, the serviceability rule, and counters.
 */
export const controlRoutes: FastifyPluginAsync<{ context: SimulatorContext }> = async (app, { context }) => {
  const { simulator, faults, webhooks } = context;
  const hide = { schema: { hide: true } };

  app.post('/scans', hide, async (request) => simulator.addScan(scanSchema.parse(request.body ?? {})));

  app.post('/webhooks/release', hide, async (request) => {
    const { order } = z.object({ order: z.enum(['held', 'reverse']).default('held') }).parse(request.body ?? {});
    return { released: await simulator.releaseHeld(order) };
  });

  app.post('/webhooks/repeat', hide, async (request) => {
    const { awb, times, scanId } = z
      .object({
        awb: z.string().min(1),
        times: z.number().int().min(1).max(100).default(1),
        scanId: z.number().int().optional(),
      })
      .parse(request.body ?? {});
    return { webhook: await simulator.repeatWebhook(awb, times, scanId) };
  });

  /** Every delivery so far and its answer; `?idle=1` waits for those under way first. */
  app.get<{ Querystring: { idle?: string } }>('/webhooks', hide, async (request) => {
    if (request.query.idle) await webhooks.idle();
    return { deliveries: webhooks.deliveries };
  });

  app.put('/webhook', hide, async (request) => {
    const target = z
      .object({ url: z.url().nullable(), token: z.string().nullable().default(null) })
      .parse(request.body ?? {});
    context.webhookTarget = target;
    return target;
  });

  app.post('/tokens/revoke', hide, async () => ({ revoked: await simulator.revokeTokens() }));

  app.post('/faults', hide, async (request) => {
    faults.add(faultSchema.parse(request.body ?? {}));
    return { ok: true };
  });

  app.delete('/faults', hide, async () => {
    faults.clear();
    return { ok: true };
  });

  app.get('/serviceability', hide, async () => simulator.rule);

  app.put('/serviceability', hide, async (request) => {
    simulator.rule = serviceabilityRuleSchema.parse(request.body ?? {});
    return simulator.rule;
  });

  app.get('/counters', hide, async () => ({ ...simulator.counters(), calls: faults.callCounts() }));

  app.delete('/counters', hide, async () => {
    simulator.resetCounters();
    faults.resetCounts();
    return { ok: true };
  });
};
