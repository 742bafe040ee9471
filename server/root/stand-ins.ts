// The offline stand-ins a local shop serves itself (decisions 0019, 0022, 0060): to this machine only, never behind
// a proxy, never in production.
import type { FastifyInstance } from 'fastify';
import { onlyFromThisMachine } from '../platform/http/client-ip.ts';
import { localOrigins } from '../platform/http/content-security-policy.ts';
import { servesLocalConveniences } from '../platform/settings.ts';
import { SIMULATOR_PATH } from '../payments/index.ts';
import { SHIPROCKET_SIMULATOR_PATH } from '../shipping/index.ts';
import { simulatorRoutes } from '../../simulators/phonepe/index.ts';
import { shiprocketSimulatorRoutes } from '../../simulators/shiprocket/index.ts';
import type { Services } from './services.ts';

export async function mountStandIns(app: FastifyInstance, services: Services): Promise<void> {
  const { config, logger } = services;
  const simulator = services.paymentSetup.simulator;
  if (simulator) {
    // Without PhonePe credentials on a local shop: the shop's own PhonePe.
    await app.register(async (local) => {
      local.addHook('onRequest', onlyFromThisMachine);
      await local.register(simulatorRoutes, {
        db: services.database.db,
        basePath: SIMULATOR_PATH,
        publicBaseUrl: () => `${services.origin}${SIMULATOR_PATH}`,
        credentials: simulator,
        merchantId: 'LOCALSHOP',
        merchantName: config.SHOP_NAME,
        webhook: { url: () => `http://127.0.0.1:${config.PORT}/api/payment/webhook`, ...simulator.webhook },
        frameAncestors: ["'self'", ...localOrigins(config)],
        log: (message, error) => logger.warn({ reason: error instanceof Error ? error.message : undefined }, message),
      });
    });
  }
  const shiprocket = services.courierSetup;
  if (shiprocket.simulator) {
    // Without Shiprocket settings on a local shop: the shop's own Shiprocket, its webhooks to the shop's route.
    const local = `http://127.0.0.1:${config.PORT}`;
    const { email, password, pickupLocation, pickupPin } = shiprocket.simulator;
    await app.register(async (scope) => {
      scope.addHook('onRequest', onlyFromThisMachine);
      await scope.register(shiprocketSimulatorRoutes, {
        db: services.database.db,
        basePath: SHIPROCKET_SIMULATOR_PATH,
        // The adapter downloads labels and manifests server to server, on this machine.
        publicBaseUrl: () => `${local}${SHIPROCKET_SIMULATOR_PATH}`,
        credentials: { email, password },
        pickupLocations: { [pickupLocation]: pickupPin },
        webhook: { url: () => `${local}/api/shipping/tracking`, token: () => shiprocket.webhookToken },
        log: (message, error) => logger.warn({ reason: error instanceof Error ? error.message : undefined }, message),
      });
    });
  }
  if (!servesLocalConveniences(config) && config.NODE_ENV !== 'production') {
    logger.warn(
      'TRUST_PROXY is set, so the local conveniences are off: /dev/mailbox (without SMTP_URL, mail is kept in the ' +
        'database unread), the PhonePe simulator (no prepaid without PHONEPE_CLIENT_ID) and the Shiprocket simulator ' +
        '(manual shipping without SHIPROCKET_EMAIL)',
    );
  }
}
