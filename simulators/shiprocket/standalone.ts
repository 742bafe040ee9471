import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import type { Db } from '../../server/platform/db/client.ts';
import { API_PATH, shiprocketSimulatorRoutes, type ShiprocketCredentials, type SimulatorLog } from './routes.ts';

export const SHIPROCKET_SIMULATOR_BASE_PATH = '/__shiprocket';
/** The API user a standalone simulator accepts unless told otherwise (tests and the benchmark). */
export const SHIPROCKET_SIMULATOR_CREDENTIALS: ShiprocketCredentials = {
  email: 'api-user@shop.example',
  password: 'simulator-password',
};
export const SHIPROCKET_SIMULATOR_PICKUP = { location: 'Primary', pin: '110001' };

export interface StandaloneShiprocketOptions {
  db: Db;
  webhookUrl?: string;
  webhookToken?: string;
  credentials?: ShiprocketCredentials;
  tokenTtlSeconds?: number;
  log?: SimulatorLog;
  /** The loopback port to listen on; any free one by default. */
  port?: number;
}

export interface StandaloneShiprocket {
  /** http://127.0.0.1:PORT/__shiprocket/v1/external: SHIPROCKET_API_URL points here. */
  apiUrl: string;
  /** http://127.0.0.1:PORT/__shiprocket/control */
  controlUrl: string;
  credentials: ShiprocketCredentials;
  setWebhook(url: string | null, token?: string | null): void;
  close(): Promise<void>;
}

/** The simulator alone, on a loopback port of its own: for API tests and the benchmark. */
export async function startStandaloneShiprocket(options: StandaloneShiprocketOptions): Promise<StandaloneShiprocket> {
  const credentials = options.credentials ?? SHIPROCKET_SIMULATOR_CREDENTIALS;
  let webhookUrl = options.webhookUrl ?? null;
  let webhookToken = options.webhookToken ?? null;
  let base = '';
  const app = Fastify({ logger: false });
  await app.register(shiprocketSimulatorRoutes, {
    db: options.db,
    basePath: SHIPROCKET_SIMULATOR_BASE_PATH,
    publicBaseUrl: () => base,
    credentials,
    pickupLocations: { [SHIPROCKET_SIMULATOR_PICKUP.location]: SHIPROCKET_SIMULATOR_PICKUP.pin },
    webhook: { url: () => webhookUrl, token: () => webhookToken },
    tokenTtlSeconds: options.tokenTtlSeconds,
    log: options.log,
  });
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${SHIPROCKET_SIMULATOR_BASE_PATH}`;
  return {
    apiUrl: `${base}${API_PATH}`,
    controlUrl: `${base}/control`,
    credentials,
    setWebhook(url, token) {
      webhookUrl = url;
      if (token !== undefined) webhookToken = token;
    },
    close: () => app.close(),
  };
}

/** The shop's settings that point its Shiprocket adapter at this simulator, as at any Shiprocket-compatible host. */
export function shiprocketSettingsFor(simulator: StandaloneShiprocket, webhookToken: string): Record<string, string> {
  return {
    SHIPROCKET_EMAIL: simulator.credentials.email,
    SHIPROCKET_PASSWORD: simulator.credentials.password,
    SHIPROCKET_PICKUP_LOCATION: SHIPROCKET_SIMULATOR_PICKUP.location,
    SHIPROCKET_PICKUP_PIN: SHIPROCKET_SIMULATOR_PICKUP.pin,
    SHIPROCKET_WEBHOOK_TOKEN: webhookToken,
    SHIPROCKET_API_URL: simulator.apiUrl,
  };
}
