import { defineModule } from '../platform/kernel/index.ts';
import { databaseFace, shopFace } from '../platform/faces.ts';
import { authFace } from '../platform/auth/face.ts';
import type { Courier } from './courier.ts';
import { PinDirectory } from './pin-directory.ts';
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
}

/** Delivery across India (issue 34): the PIN directory and the courier; shipments join it here. */
export const shippingModule = defineModule({
  name: 'shipping',
  settings: shippingSettings,
  checkSettings: checkShippingSettings,
  needs: { database: databaseFace, shop: shopFace, auth: authFace },
  create: async ({ settings, needs: { database, shop, auth } }): Promise<Shipping> => {
    const setup = await courierSetup({ ...settings, ...shop.runtime }, (name) => auth.sharedSecret(name, undefined));
    return {
      pins: new PinDirectory(database),
      courier: setup.courier,
      pickupPin: setup.pickupPin,
      courierSetup: setup,
    };
  },
  routes: async (app, { pins }) => {
    await app.register(shippingRoutes, { pins });
  },
  start: async ({ pins }) => {
    await pins.fillIfEmpty();
  },
});
