import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../server/platform/db/client.ts';
import { apiRoutes } from './api-routes.ts';
import { browserRoutes } from './browser-routes.ts';
import type { SimulatorContext } from './context.ts';
import { controlRoutes } from './control-routes.ts';
import { installSimulatorErrors } from './errors.ts';
import { Faults } from './faults.ts';
import { PhonePeSimulator } from './simulator.ts';
import { TokenCheck, type SimulatorCredentials } from './tokens.ts';
import { WebhookSender, type SimulatorLog, type WebhookTarget } from './webhooks.ts';

export type { SimulatorCredentials } from './tokens.ts';
export type { SimulatorLog, WebhookTarget } from './webhooks.ts';
export { webhookAuthorization } from './webhooks.ts';

export interface SimulatorOptions {
  /** The shop's database (or any migrated one): the simulator's state lives in its simulator_* tables. */
  db: Db;
  /** Where the simulator is mounted, e.g. '/__phonepe': PhonePe's paths follow it. */
  basePath: string;
  /** The absolute URL of basePath as the browser reaches it, for the pay page's URL. */
  publicBaseUrl: () => string;
  /** The one merchant client it knows; tokens are issued for these credentials only. */
  credentials: SimulatorCredentials;
  merchantId: string;
  /** Shown on the pay page; the merchantId when absent. */
  merchantName?: string;
  webhook: WebhookTarget;
  /** Origins allowed to frame the pay page (CSP source expressions); none: it cannot be framed. */
  frameAncestors: readonly string[];
  /** How long a refund stays PENDING before it completes by itself. */
  refundSettleMs?: number;
  /** Access tokens' lifetime. */
  tokenTtlSeconds?: number;
  log?: SimulatorLog;
}

const FORM = 'application/x-www-form-urlencoded';

/**
 * PhonePe's Standard Checkout v2, offline: the OAuth token, pay, order status, refund and refund status under
 * basePath at PhonePe's own paths, the hosted pay page and checkout.js, webhooks, and a control API for tests.
 * It trusts its callers: the host serves it to this machine only.
 */
export const simulatorRoutes: FastifyPluginAsync<SimulatorOptions> = async (app, options) => {
  const log = options.log ?? (() => {});
  const refundSettleMs = options.refundSettleMs ?? 3000;
  const simulator = new PhonePeSimulator({
    db: options.db,
    clientId: options.credentials.clientId,
    merchantId: options.merchantId,
    refundSettleMs,
    webhooks: new WebhookSender(options.webhook, log),
    log,
  });
  const faults = new Faults();
  const context: SimulatorContext = {
    db: options.db,
    simulator,
    faults,
    credentials: options.credentials,
    tokens: new TokenCheck(options.db),
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    merchantId: options.merchantId,
    merchantName: options.merchantName ?? options.merchantId,
    payUrl: (payToken) => `${options.publicBaseUrl().replace(/\/+$/, '')}/pay/${payToken}`,
    frameAncestors: options.frameAncestors,
  };

  await app.register(
    async (scope) => {
      installSimulatorErrors(scope, log);
      // PhonePe's token call is a form post; the pay page's buttons are one too.
      if (!scope.hasContentTypeParser(FORM))
        scope.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) =>
          done(null, Object.fromEntries(new URLSearchParams(body as string))),
        );
      await scope.register(apiRoutes, { context });
      await scope.register(browserRoutes, { context });
      await scope.register(controlRoutes, { context });
    },
    { prefix: options.basePath.replace(/\/+$/, '') },
  );

  simulator.start(Math.min(1000, Math.max(50, Math.floor(refundSettleMs / 2))));
  // Before the server waits for requests under way: a delayed one (an injected fault) ends now.
  app.addHook('preClose', async () => faults.close());
  app.addHook('onClose', async () => simulator.stop());
};
