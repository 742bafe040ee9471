import { contribute, defineModule, type ExtensionPoint } from '../platform/kernel/index.ts';
import { databaseFace, logFace, shopFace } from '../platform/faces.ts';
import { jobsFace } from '../platform/work/jobs.ts';
import { orderTracking } from '../platform/orders/face.ts';
import { shippingCourier, shippingFace, trackingScans } from '../platform/shipping/face.ts';
import { PinDirectory } from './pin-directory.ts';
import { shippingRoutes } from './routes.ts';
import { Shipments } from './shipments.ts';
import { Tracking } from './tracking.ts';
import { trackingRoutes } from './tracking-routes.ts';
import { trackingSettings, webhookTokenOf } from './tracking-settings.ts';

export interface Shipping {
  pins: PinDirectory;
  /** Shipments and their applied scans (`shippingFace`, for the tracking flow; `recordShipment` for creating one). */
  shipments: Shipments;
  /** The tracking webhook's inbox and each shipment's catch-up job. */
  tracking: Tracking;
  /** The token the tracking webhook's x-api-key must be; null refuses every webhook. */
  trackingWebhookToken: string | null;
}

/** The one contribution at `point`, read at call time; none is an error naming the point. */
function onlyOne<T>(contributed: readonly T[], point: ExtensionPoint<T>): () => T {
  return () => {
    const [first] = contributed;
    if (!first) throw new Error(`No flow contributes ${point.extensionPoint}`);
    return first;
  };
}

/** Delivery across India (issue 34): the PIN directory, shipments and their tracking. */
export const shippingModule = defineModule({
  name: 'shipping',
  settings: trackingSettings,
  needs: { database: databaseFace, jobs: jobsFace, log: logFace, shop: shopFace },
  provides: shippingFace,
  create: ({ settings, needs, gather }): Shipping => {
    const { database, jobs } = needs;
    const shipments = new Shipments(database.db, jobs.jobs, settings.SHIPPING_TRACK_CHECK_HOURS);
    const couriers = gather(shippingCourier);
    const tracking = new Tracking({
      database,
      db: database.db,
      jobs: jobs.jobs,
      shipments,
      applier: onlyOne(gather(trackingScans), trackingScans),
      courier: () => couriers[0] ?? null,
      log: (message, error) => needs.log.warn(message, error),
    });
    return {
      pins: new PinDirectory(database),
      shipments,
      tracking,
      trackingWebhookToken: webhookTokenOf(settings.SHIPROCKET_WEBHOOK_TOKEN, needs.shop.runtime.NODE_ENV),
    };
  },
  routes: async (app, { pins, tracking, trackingWebhookToken }) => {
    await app.register(shippingRoutes, { pins });
    await app.register(trackingRoutes, { tracking, token: trackingWebhookToken });
  },
  jobs: ({ tracking }) => tracking.jobs(),
  contributes: [
    contribute(
      orderTracking,
      ({ shipments }: Shipping) =>
        (db, orderIds) =>
          shipments.trackingOf(db, orderIds),
    ),
  ],
  start: async ({ pins }) => {
    await pins.fillIfEmpty();
  },
});
