import { defineModule } from '../platform/kernel/index.ts';
import { databaseFace, logFace } from '../platform/faces.ts';
import { catalogFace } from '../platform/catalog/face.ts';
import { shippingFace } from '../platform/shipping/face.ts';
import { shopDayAfter } from '../../core/shop-date.ts';
import { PinDirectory } from './pin-directory.ts';
import { DeliveryEstimates } from './estimates.ts';
import { shippingRoutes } from './routes.ts';
import type { Courier } from './courier.ts';

export interface Shipping {
  pins: PinDirectory;
  estimates: DeliveryEstimates;
}

/** The demo shop's pickup PIN (Bengaluru, 560025): where parcels leave from when SHIPROCKET_PICKUP_PIN is unset. */
export const DEFAULT_PICKUP_PIN = '560025';

/** Until the Shiprocket adapter joins: every PIN served, with cash on delivery, in a week (as manual shipping). */
const everyPinServed: Pick<Courier, 'serviceability'> = {
  serviceability: async () => [{ courierId: 0, name: 'Manual', cod: true, etd: shopDayAfter(7) }],
};

/** Delivery across India (issue 34), with the courier it asks: the shop's own, or a test's. */
export function shippingModuleWith(courier: Pick<Courier, 'serviceability'> = everyPinServed) {
  return defineModule({
    name: 'shipping',
    needs: { database: databaseFace, catalog: catalogFace, log: logFace },
    provides: shippingFace,
    create: ({ needs: { database, catalog, log } }): Shipping => ({
      pins: new PinDirectory(database),
      estimates: new DeliveryEstimates({
        database,
        courier,
        pickupPin: DEFAULT_PICKUP_PIN,
        catalogue: catalog.catalog,
        log,
      }),
    }),
    routes: async (app, { pins, estimates }) => {
      await app.register(shippingRoutes, { pins, estimates });
    },
    start: async ({ pins }) => {
      await pins.fillIfEmpty();
    },
  });
}

export const shippingModule = shippingModuleWith();
