import { contribute, defineModule, type ExtensionPoint } from '../platform/kernel/index.ts';
import { databaseFace, logFace, rateLimitsFace, shopFace, storageFace } from '../platform/faces.ts';
import { FailureThrottle } from '../platform/http/rate-limit.ts';
import { authFace } from '../platform/auth/face.ts';
import { jobsFace } from '../platform/work/jobs.ts';
import { orderTracking } from '../platform/orders/face.ts';
import { catalogFace } from '../platform/catalog/face.ts';
import { shippingFace, trackingScans } from '../platform/shipping/face.ts';
import type { Courier } from './courier.ts';
import { CourierDesk } from './desk.ts';
import { PinDirectory } from './pin-directory.ts';
import { DeliveryEstimates } from './estimates.ts';
import { shippingRoutes } from './routes.ts';
import { checkShippingSettings, shippingSettings } from './settings.ts';
import { courierSetup, type CourierSetup } from './setup.ts';
import { Shipments } from './shipments.ts';
import { Tracking } from './tracking.ts';
import { trackingRoutes } from './tracking-routes.ts';

export interface Shipping {
  pins: PinDirectory;
  /** The courier the shop ships with: Shiprocket, the local simulator through the same adapter, or by hand. */
  courier: Courier;
  /** SHIPROCKET_PICKUP_PIN (or the default): where serviceability asks from. */
  pickupPin: string;
  courierSetup: CourierSetup;
  /** Shipments and their applied scans (`shippingFace`, for the tracking flow; `recordShipment` for creating one). */
  shipments: Shipments;
  /** The tracking webhook's inbox and each shipment's catch-up job. */
  tracking: Tracking;
  /** Whether a PIN is served, takes cash on delivery, and when (decision 0075). */
  estimates: DeliveryEstimates;
  webhookKeyFailures: FailureThrottle;
  /** Shipping an order through the courier from the back office (decision 0077). */
  desk: CourierDesk;
}

/** Wrong webhook keys an address may send in 15 minutes before 429, as PhonePe's webhook allows (decision 0078). */
const WEBHOOK_KEY_FAILURES = { prefix: 'tracking-webhook-failed:ip', failures: 20, windowSeconds: 15 * 60 };

/** The one contribution at `point`, read at call time; none is an error naming the point. */
function onlyOne<T>(contributed: readonly T[], point: ExtensionPoint<T>): () => T {
  return () => {
    const [first] = contributed;
    if (!first) throw new Error(`No flow contributes ${point.extensionPoint}`);
    return first;
  };
}

/** Delivery across India (issue 34): the PIN directory, the courier, delivery estimates, shipments and tracking. */
export const shippingModule = defineModule({
  name: 'shipping',
  settings: shippingSettings,
  checkSettings: checkShippingSettings,
  needs: {
    database: databaseFace,
    shop: shopFace,
    auth: authFace,
    jobs: jobsFace,
    log: logFace,
    catalog: catalogFace,
    rateLimits: rateLimitsFace,
    storage: storageFace,
  },
  provides: shippingFace,
  create: async ({ settings, needs, gather }): Promise<Shipping> => {
    const { database, jobs, shop, auth } = needs;
    const setup = await courierSetup({ ...settings, ...shop.runtime }, (name) => auth.sharedSecret(name, undefined));
    const shipments = new Shipments(database.db, jobs.jobs, settings.SHIPPING_TRACK_CHECK_HOURS);
    const tracking = new Tracking({
      database,
      db: database.db,
      jobs: jobs.jobs,
      shipments,
      applier: onlyOne(gather(trackingScans), trackingScans),
      courier: () => setup.courier,
      log: (message, error) => needs.log.warn(message, error),
    });
    return {
      pins: new PinDirectory(database),
      courier: setup.courier,
      pickupPin: setup.pickupPin,
      courierSetup: setup,
      shipments,
      tracking,
      estimates: new DeliveryEstimates({
        database,
        courier: setup.courier,
        pickupPin: setup.pickupPin,
        catalogue: needs.catalog.catalog,
        log: needs.log,
      }),
      webhookKeyFailures: new FailureThrottle(needs.rateLimits, WEBHOOK_KEY_FAILURES),
      desk: new CourierDesk({
        db: database.db,
        courier: setup.courier,
        manual: setup.kind === 'manual',
        shipments,
        storage: needs.storage,
        catalogue: needs.catalog.catalog,
      }),
    };
  },
  routes: async (app, { pins, estimates, tracking, courierSetup, webhookKeyFailures }) => {
    await app.register(shippingRoutes, { pins, estimates });
    await app.register(trackingRoutes, { tracking, token: courierSetup.webhookToken, keyFailures: webhookKeyFailures });
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
