import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../server/platform/db/client.ts';
import { apiRoutes } from './api-routes.ts';
import type { SimulatorContext } from './context.ts';
import { controlRoutes } from './control-routes.ts';
import { labelPdf, manifestPdf } from './documents.ts';
import { installShiprocketErrors } from './errors.ts';
import { Faults } from './faults.ts';
import { ShiprocketSimulator, type ShiprocketCredentials } from './simulator.ts';
import { WebhookSender, type ShiprocketWebhookTarget, type SimulatorLog } from './webhooks.ts';

export type { ShiprocketCredentials } from './simulator.ts';
export type { ShiprocketWebhookTarget, SimulatorLog } from './webhooks.ts';

/** Shiprocket's API paths follow this, under the simulator's base path: as in https://apiv2.shiprocket.in/v1/external. */
export const API_PATH = '/v1/external';

export interface ShiprocketSimulatorOptions {
  /** The shop's database (or any migrated one): the simulator's state lives in its simulator_shiprocket_* tables. */
  db: Db;
  /** Where it is mounted, e.g. '/__shiprocket': the API at `${basePath}/v1/external`, the control API at `/control`. */
  basePath: string;
  /** The absolute URL of basePath as the adapter reaches it: labels' and manifests' URLs start with it. */
  publicBaseUrl: () => string;
  /** The one API user it knows. */
  credentials: ShiprocketCredentials;
  /** The pickup locations of the account: nickname → PIN ({ Primary: '110001' } when absent). */
  pickupLocations?: Record<string, string>;
  /** Where tracking webhooks go, with the panel's token (`x-api-key`). */
  webhook: ShiprocketWebhookTarget;
  /** Tokens' lifetime: Shiprocket's last 10 days. */
  tokenTtlSeconds?: number;
  log?: SimulatorLog;
}

/**
 * Shiprocket's API v1, offline (decision 0073): login, serviceability, orders, AWB, pickup, label, manifest and
 * tracking at Shiprocket's own paths under `${basePath}/v1/external`; the PDFs at `${basePath}/documents`; tracking
 * webhooks; a control API for tests at `${basePath}/control`. It trusts its callers: the host serves it to this
 * machine only.
 */
export const shiprocketSimulatorRoutes: FastifyPluginAsync<ShiprocketSimulatorOptions> = async (app, options) => {
  const log = options.log ?? (() => {});
  const faults = new Faults();
  const context = { webhookTarget: null } as SimulatorContext;
  context.target = {
    url: () => (context.webhookTarget ? context.webhookTarget.url : options.webhook.url()),
    token: () => (context.webhookTarget ? context.webhookTarget.token : options.webhook.token()),
  };
  const webhooks = new WebhookSender(context.target, log);
  const base = options.basePath.replace(/\/+$/, '');
  Object.assign(context, {
    faults,
    webhooks,
    simulator: new ShiprocketSimulator({
      db: options.db,
      credentials: options.credentials,
      pickupLocations: options.pickupLocations ?? { Primary: '110001' },
      tokenTtlSeconds: options.tokenTtlSeconds ?? 240 * 3600,
      webhooks,
    }),
    documentUrl: (id: string) => `${options.publicBaseUrl().replace(/\/+$/, '')}/documents/${id}.pdf`,
  } satisfies Omit<SimulatorContext, 'webhookTarget' | 'target'>);

  await app.register(
    async (scope) => {
      installShiprocketErrors(scope, log);
      await scope.register(apiRoutes, { context, prefix: API_PATH });
      await scope.register(controlRoutes, { context, prefix: '/control' });
      scope.get<{ Params: { id: string } }>('/documents/:id.pdf', { schema: { hide: true } }, async (request, reply) =>
        faults.run('document', async () => {
          const { document, shipments } = await context.simulator.document(request.params.id);
          const printed = shipments.map((row) => ({ ...row, awb: row.awb, courierName: row.courierName }));
          const pdf = document.kind === 'label' ? await labelPdf(printed) : await manifestPdf(document.id, printed);
          return reply.type('application/pdf').send(pdf);
        }),
      );
    },
    { prefix: base },
  );

  // Before the server waits for requests under way: a hanging one (an injected fault) ends now.
  app.addHook('preClose', async () => faults.close());
  app.addHook('onClose', async () => webhooks.close());
};
