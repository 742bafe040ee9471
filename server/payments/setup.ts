import { servesLocalConveniences, type RootSettings } from '../platform/settings.ts';
import type { PaymentSettings } from './settings.ts';
import { payPageOrigins } from '../platform/http/content-security-policy.ts';
import type { PaymentGateway } from './gateway.ts';
import { PHONEPE_HOSTS, PhonePeGateway } from './phonepe.ts';
import type { WebhookCredentials } from './webhook.ts';

/** Where the local simulator is mounted (decision 0019). */
export const SIMULATOR_PATH = '/__phonepe';

export interface PaymentSetup {
  /** Null: prepaid is off (production without PhonePe credentials). */
  gateway: PaymentGateway | null;
  webhook: WebhookCredentials;
  /** The gateway's browser script for /checkout, or null when prepaid is off. */
  scriptUrl: string | null;
  /** Where its pay page may come from: the gateway's answers are checked against these, and so is the browser's. */
  payPageOrigins: string[];
  /** Set when the shop serves the simulator itself: the credentials it accepts and signs webhooks with. */
  simulator: { clientId: string; clientSecret: string; clientVersion: number; webhook: WebhookCredentials } | null;
}

/**
 * PhonePe when its credentials are set; otherwise, on a local shop, the shop's own simulator, reached over HTTP on
 * this machine through the same adapter; in production or behind a proxy (TRUST_PROXY) without credentials, no
 * prepaid at all: the simulator is a local convenience (decision 0022). `log` hears of refused pay pages.
 */
export async function paymentSetup(
  config: PaymentSettings & Pick<RootSettings, 'NODE_ENV' | 'TRUST_PROXY' | 'PORT' | 'PUBLIC_URL'>,
  /** A secret of this database by name, made on first start (the auth module's sharedSecret). */
  secretOf: (name: string) => Promise<Uint8Array>,
  log: (message: string) => void = () => {},
): Promise<PaymentSetup> {
  const origins = payPageOrigins(config);
  if (config.PHONEPE_CLIENT_ID) {
    const hosts = PHONEPE_HOSTS[config.PHONEPE_ENV];
    return {
      gateway: new PhonePeGateway({
        authUrl: config.PHONEPE_AUTH_URL ?? hosts.auth,
        apiUrl: config.PHONEPE_API_URL ?? hosts.api,
        clientId: config.PHONEPE_CLIENT_ID,
        clientSecret: config.PHONEPE_CLIENT_SECRET!,
        clientVersion: config.PHONEPE_CLIENT_VERSION,
        timeoutMs: config.PHONEPE_TIMEOUT_MS,
        payPageOrigins: origins,
        log,
      }),
      webhook: { username: config.PHONEPE_WEBHOOK_USERNAME!, password: config.PHONEPE_WEBHOOK_PASSWORD! },
      scriptUrl: config.PHONEPE_CHECKOUT_SCRIPT_URL,
      payPageOrigins: origins,
      simulator: null,
    };
  }
  // The webhook password is a secret of this database: the webhook route is public even in development.
  const secret = new TextDecoder().decode(await secretOf('phonepe-simulator'));
  const webhook = { username: 'simulator', password: secret.slice(0, 20) };
  if (!servesLocalConveniences(config))
    return { gateway: null, webhook, scriptUrl: null, payPageOrigins: [], simulator: null };
  const simulator = { clientId: 'LOCAL_SIMULATOR', clientSecret: secret.slice(20, 40), clientVersion: 1, webhook };
  const local = `http://127.0.0.1:${config.PORT}${SIMULATOR_PATH}`;
  return {
    gateway: new PhonePeGateway({
      authUrl: local,
      apiUrl: local,
      timeoutMs: config.PHONEPE_TIMEOUT_MS,
      payPageOrigins: origins,
      log,
      ...simulator,
    }),
    webhook,
    scriptUrl: `${SIMULATOR_PATH}/checkout.js`,
    payPageOrigins: origins,
    simulator,
  };
}
