import { defineModule } from '../platform/kernel/index.ts';
import { databaseFace } from '../platform/faces.ts';
import { PinDirectory } from './pin-directory.ts';
import { shippingRoutes } from './routes.ts';

export interface Shipping {
  pins: PinDirectory;
}

/** Delivery across India (issue 34): so far the PIN directory; couriers and shipments join it here. */
export const shippingModule = defineModule({
  name: 'shipping',
  needs: { database: databaseFace },
  create: ({ needs: { database } }): Shipping => ({ pins: new PinDirectory(database) }),
  routes: async (app, { pins }) => {
    await app.register(shippingRoutes, { pins });
  },
  start: async ({ pins }) => {
    await pins.fillIfEmpty();
  },
});
