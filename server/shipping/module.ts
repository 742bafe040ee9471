import { defineModule } from '../platform/kernel/index.ts';
import { databaseFace, logFace, shopFace } from '../platform/faces.ts';
import { authFace } from '../platform/auth/face.ts';
import { catalogFace } from '../platform/catalog/face.ts';
import { shippingFace } from '../platform/shipping/face.ts';
import type { Courier } from './courier.ts';
import { PinDirectory } from './pin-directory.ts';
import { DeliveryEstimates } from './estimates.ts';
import { shippingRoutes } from './routes.ts';
import { checkShippingSettings, shippingSettings } from './settings.ts';
import { courierSetup, type CourierSetup } from './setup.ts';

export interface Shipping {
  pins: PinDirectory;
  /** The courier the shop ships with: Shiprocket, the local simulator through the same adapter, or by hand. */
  courier: Courier;
  /** SHIPROCKET_PICKUP_PIN (or the default): where serviceability asks from. */
  pickupPin: string;
  courierSetup: CourierSetup;
  /** Whether a PIN is served, takes cash on delivery, and when (decision 0075). */
  estimates: DeliveryEstimates;
}

/** Delivery across India (issue 34): the PIN directory, the courier and delivery estimates; shipments join it here. */
export const shippingModule = defineModule({
  name: 'shipping',
  settings: shippingSettings,
  checkSettings: checkShippingSettings,
  needs: { database: databaseFace, shop: shopFace, auth: authFace, catalog: catalogFace, log: logFace },
  provides: shippingFace,
  create: async ({ settings, needs: { database, shop, auth, catalog, log } }): Promise<Shipping> => {
    const setup = await courierSetup({ ...settings, ...shop.runtime }, (name) => auth.sharedSecret(name, undefined));
    return {
      pins: new PinDirectory(database),
      courier: setup.courier,
      pickupPin: setup.pickupPin,
      courierSetup: setup,
      estimates: new DeliveryEstimates({
        database,
        courier: setup.courier,
        pickupPin: setup.pickupPin,
        catalogue: catalog.catalog,
        log,
      }),
    };
  },
  routes: async (app, { pins, estimates }) => {
    await app.register(shippingRoutes, { pins, estimates });
  },
  start: async ({ pins }) => {
    await pins.fillIfEmpty();
  },
});
