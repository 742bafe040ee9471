import { CourierError, type Courier, type CourierOption, type ServiceabilityQuery } from './courier.ts';
import { indiaDate } from './india-dates.ts';

/** What a shipment call answers when the shop ships by hand. */
export const SHIPROCKET_NOT_SET_UP =
  'Shiprocket is not set up (SHIPROCKET_EMAIL and the rest are unset): ship this order by hand and enter its courier and tracking number';

/** How many days a hand-shipped parcel is promised in: the estimate every PIN gets. */
export const MANUAL_DELIVERY_DAYS = 7;

/**
 * Production without Shiprocket's settings: the owner ships by hand, as before issue 34. Every PIN is served with
 * cash on delivery, due a week from today (India's date); nothing is shipped through it.
 */
export class ManualCourier implements Courier {
  constructor(private readonly now: () => Date = () => new Date()) {}

  serviceability(_query: ServiceabilityQuery): Promise<CourierOption[]> {
    return Promise.resolve([
      { courierId: 0, name: 'Shipped by the shop', cod: true, etd: indiaDate(this.now(), MANUAL_DELIVERY_DAYS) },
    ]);
  }

  createOrder(_order: unknown): Promise<never> {
    return refused();
  }
  assignAwb(_shipmentId: number): Promise<never> {
    return refused();
  }
  schedulePickup(_shipmentId: number): Promise<never> {
    return refused();
  }
  label(_shipmentIds: number[]): Promise<never> {
    return refused();
  }
  manifest(_shipmentIds: number[]): Promise<never> {
    return refused();
  }
  /** Nothing to track: no AWB came from a courier here. */
  track(_awb: string): Promise<[]> {
    return Promise.resolve([]);
  }
}

const refused = () => Promise.reject(new CourierError('refused', SHIPROCKET_NOT_SET_UP));
