/**
 * What the shop needs of a courier aggregator (issue 34). `ShiprocketCourier` speaks Shiprocket's API v1 over HTTP,
 * to Shiprocket or to the local simulator (simulators/shiprocket); `ManualCourier` is production without Shiprocket
 * settings: the owner ships by hand, as before, and every PIN is served with cash on delivery.
 */

/** A parcel as couriers price it: weight in kg, sides in cm. */
export interface Parcel {
  weightKg: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

export interface ServiceabilityQuery {
  pickupPin: string;
  deliveryPin: string;
  cod: boolean;
  weightKg: number;
}

/** One courier that serves a PIN, as serviceability lists it. */
export interface CourierOption {
  courierId: number;
  name: string;
  cod: boolean;
  /** The courier's estimated delivery date in India, `YYYY-MM-DD`, when it gives one. */
  etd: string | null;
}

export interface ShipmentAddress {
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  email: string;
  phone: string;
}

export interface ShipmentItem {
  name: string;
  sku: string;
  units: number;
  /** Per unit, in paise. */
  sellingPricePaise: number;
}

export interface CourierOrder {
  /** Our order id: Shiprocket's `order_id`, which is how a create that timed out is found again. */
  orderId: string;
  orderedAt: Date;
  paymentMethod: 'cod' | 'prepaid';
  /** Our total, in paise (`sub_total`). */
  subTotalPaise: number;
  items: ShipmentItem[];
  address: ShipmentAddress;
  parcel: Parcel;
}

export interface CreatedCourierOrder {
  courierOrderId: number;
  shipmentId: number;
}

export interface AssignedAwb {
  awb: string;
  courierName: string;
}

/** One scan, as tracking and the webhook report it: the platform's shape, which the tracking flow applies. */
export type { TrackingScan } from '../platform/shipping/face.ts';
import type { TrackingScan } from '../platform/shipping/face.ts';

export interface Courier {
  /** Every courier that serves the query; empty when none does (any of Shiprocket's unserviceable forms). */
  serviceability(query: ServiceabilityQuery): Promise<CourierOption[]>;
  /** Creates the order once: after a timeout, a 5xx or "already been taken", the existing one is found and used. */
  createOrder(order: CourierOrder): Promise<CreatedCourierOrder>;
  assignAwb(shipmentId: number): Promise<AssignedAwb>;
  schedulePickup(shipmentId: number): Promise<void>;
  /** The shipping label, a PDF. */
  label(shipmentIds: number[]): Promise<Uint8Array>;
  /** The manifest of the shipments handed over together, a PDF. */
  manifest(shipmentIds: number[]): Promise<Uint8Array>;
  /** Every scan so far, oldest first; empty for an AWB the courier does not know yet. */
  track(awb: string): Promise<TrackingScan[]>;
}

/**
 * Why a courier call failed: `refused` is a 4xx answer with the courier's message (shown to the owner, 502);
 * `unavailable` is timeouts, connection errors and 5xx after the bounded retries.
 */
export class CourierError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'CourierError';
  }
}
