import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import type { Db } from '../../server/platform/db/client.ts';
import { simulatorRoutes, type SimulatorCredentials, type SimulatorLog } from './routes.ts';

/** Credentials a standalone simulator accepts unless told otherwise (tests and the benchmark). */
export const SIMULATOR_CREDENTIALS: SimulatorCredentials = {
  clientId: 'SIMULATOR_CLIENT',
  clientSecret: 'simulator-client-secret',
  clientVersion: 1,
};
/** PhonePe's rules: a username of 5–20 characters, a password of 8–20 with letters and digits. */
export const SIMULATOR_WEBHOOK_CREDENTIALS = { username: 'shop_webhook', password: 'webhook1234' };
export const SIMULATOR_MERCHANT_ID = 'SIMULATORMERCHANT';
export const SIMULATOR_BASE_PATH = '/__phonepe';

export interface StandaloneSimulatorOptions {
  db: Db;
  webhookUrl?: string;
  credentials?: SimulatorCredentials;
  webhookCredentials?: { username: string; password: string };
  merchantId?: string;
  merchantName?: string;
  refundSettleMs?: number;
  tokenTtlSeconds?: number;
  /** Origins allowed to frame the pay page; any page on this machine by default. */
  frameAncestors?: readonly string[];
  log?: SimulatorLog;
  /** The loopback port to listen on; any free one by default. */
  port?: number;
}

export interface StandaloneSimulator {
  /** http://127.0.0.1:PORT/__phonepe: PHONEPE_AUTH_URL and PHONEPE_API_URL both point here. */
  url: string;
  credentials: SimulatorCredentials;
  webhookCredentials: { username: string; password: string };
  merchantId: string;
  setWebhookUrl(url: string | null): void;
  close(): Promise<void>;
}

/** The simulator alone, on a loopback port of its own: for API tests and the benchmark. */
export async function startStandaloneSimulator(options: StandaloneSimulatorOptions): Promise<StandaloneSimulator> {
  const credentials = options.credentials ?? SIMULATOR_CREDENTIALS;
  const webhookCredentials = options.webhookCredentials ?? SIMULATOR_WEBHOOK_CREDENTIALS;
  const merchantId = options.merchantId ?? SIMULATOR_MERCHANT_ID;
  let webhookUrl = options.webhookUrl ?? null;
  let url = '';
  const app = Fastify({ logger: false });
  await app.register(simulatorRoutes, {
    db: options.db,
    basePath: SIMULATOR_BASE_PATH,
    publicBaseUrl: () => url,
    credentials,
    merchantId,
    merchantName: options.merchantName,
    webhook: { url: () => webhookUrl, ...webhookCredentials },
    frameAncestors: options.frameAncestors ?? ["'self'", 'http://localhost:*', 'http://127.0.0.1:*'],
    refundSettleMs: options.refundSettleMs,
    tokenTtlSeconds: options.tokenTtlSeconds,
    log: options.log,
  });
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${SIMULATOR_BASE_PATH}`;
  return {
    url,
    credentials,
    webhookCredentials,
    merchantId,
    setWebhookUrl(next) {
      webhookUrl = next;
    },
    close: () => app.close(),
  };
}

/**
 * The shop's settings that point its PhonePe adapter at this simulator, as a shop points at any PhonePe-compatible
 * host: its API, its checkout script, and its pay page's origin.
 */
export function phonePeSettingsFor(simulator: StandaloneSimulator): Record<string, string> {
  return {
    PHONEPE_CLIENT_ID: simulator.credentials.clientId,
    PHONEPE_CLIENT_SECRET: simulator.credentials.clientSecret,
    PHONEPE_WEBHOOK_USERNAME: simulator.webhookCredentials.username,
    PHONEPE_WEBHOOK_PASSWORD: simulator.webhookCredentials.password,
    PHONEPE_AUTH_URL: simulator.url,
    PHONEPE_API_URL: simulator.url,
    PHONEPE_CHECKOUT_SCRIPT_URL: `${simulator.url}/checkout.js`,
    PHONEPE_PAY_PAGE_ORIGINS: new URL(simulator.url).origin,
  };
}
