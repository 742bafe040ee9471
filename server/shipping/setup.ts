import { servesLocalConveniences, type RootSettings } from '../platform/settings.ts';
import type { Courier } from './courier.ts';
import { ManualCourier } from './manual-courier.ts';
import { ShiprocketCourier } from './shiprocket.ts';
import type { ShippingSettings } from './settings.ts';

/** Where the local Shiprocket simulator is mounted; Shiprocket's API paths follow `/v1/external` under it. */
export const SHIPROCKET_SIMULATOR_PATH = '/__shiprocket';
/** The pickup PIN when SHIPROCKET_PICKUP_PIN is unset (the simulator's, and manual shipping's): New Delhi GPO. */
export const DEFAULT_PICKUP_PIN = '110001';
const SIMULATOR_PICKUP_LOCATION = 'Primary';

export interface CourierSetup {
  /** Shiprocket, the local simulator through the same adapter, or manual shipping. */
  courier: Courier;
  kind: 'shiprocket' | 'simulator' | 'manual';
  /** Where parcels are picked up: serviceability asks from this PIN. */
  pickupPin: string;
  /** What the tracking webhook's `x-api-key` must be; null: no webhook is accepted (manual shipping). */
  webhookToken: string | null;
  /** Set when the shop serves the simulator itself: the API user it accepts and its pickup location. */
  simulator: { email: string; password: string; pickupLocation: string; pickupPin: string } | null;
}

/**
 * Shiprocket when its settings are set; otherwise, on a local shop, the shop's own simulator reached over HTTP on
 * this machine through the same adapter; in production or behind a proxy without them, manual shipping: every PIN
 * served with cash on delivery, the owner shipping by hand (decision 0073).
 */
export async function courierSetup(
  config: ShippingSettings & Pick<RootSettings, 'NODE_ENV' | 'TRUST_PROXY' | 'PORT'>,
  /** A secret of this database by name, made on first start (the auth module's sharedSecret). */
  secretOf: (name: string) => Promise<Uint8Array>,
): Promise<CourierSetup> {
  const pickupPin = config.SHIPROCKET_PICKUP_PIN ?? DEFAULT_PICKUP_PIN;
  if (config.SHIPROCKET_EMAIL) {
    return {
      courier: new ShiprocketCourier({
        apiUrl: config.SHIPROCKET_API_URL.replace(/\/+$/, ''),
        email: config.SHIPROCKET_EMAIL,
        password: config.SHIPROCKET_PASSWORD!,
        pickupLocation: config.SHIPROCKET_PICKUP_LOCATION!,
        timeoutMs: config.SHIPROCKET_TIMEOUT_MS,
      }),
      kind: 'shiprocket',
      pickupPin,
      webhookToken: config.SHIPROCKET_WEBHOOK_TOKEN!,
      simulator: null,
    };
  }
  if (!servesLocalConveniences(config))
    return { courier: new ManualCourier(), kind: 'manual', pickupPin, webhookToken: null, simulator: null };
  // The webhook route is public even on a local shop: its token is a secret of this database, as is the password.
  const secret = new TextDecoder().decode(await secretOf('shiprocket-simulator'));
  const simulator = {
    email: 'local-api-user@shiprocket.local',
    password: secret.slice(0, 24),
    pickupLocation: config.SHIPROCKET_PICKUP_LOCATION ?? SIMULATOR_PICKUP_LOCATION,
    pickupPin,
  };
  return {
    courier: new ShiprocketCourier({
      apiUrl: `http://127.0.0.1:${config.PORT}${SHIPROCKET_SIMULATOR_PATH}/v1/external`,
      email: simulator.email,
      password: simulator.password,
      pickupLocation: simulator.pickupLocation,
      timeoutMs: config.SHIPROCKET_TIMEOUT_MS,
    }),
    kind: 'simulator',
    pickupPin,
    webhookToken: secret.slice(24, 56),
    simulator,
  };
}
