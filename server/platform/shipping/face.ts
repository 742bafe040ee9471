// What the flows see of the shipping module (issue 34): its shipments and their applied scans, the points where the
// flow that applies a scan plugs in, and delivery estimates, which placing an order checks its address's PIN with
// (decision 0075).
import type { TrackingStatus } from '../../../core/contracts/orders.ts';
import type { DeliveryEstimate } from '../../../core/contracts/shipping.ts';
import type { Db } from '../db/client.ts';
import type { StockLine } from '../stock/face.ts';
import { extensionPoint, face } from '../kernel/face.ts';

/** One courier scan as the webhook and tracking report it (the courier interface's TrackingScan, same shape). */
export interface TrackingScan {
  /** Shiprocket's status id at this scan (`shipment_status_id`, else `current_status_id`). */
  statusId: number;
  /** The courier's words for it. */
  activity: string;
  location: string | null;
  at: Date;
}

/** What the catch-up job asks of a courier (server/shipping/courier.ts's Courier has it). */
export interface ScanSource {
  /** Every scan so far, oldest first; empty for an AWB the courier does not know yet. */
  track(awb: string): Promise<TrackingScan[]>;
}

/** A shipment as the tracking flow sees it: its order, its AWB and the newest scan applied. */
export interface TrackedShipment {
  id: string;
  /** The order's row id. */
  orderId: string;
  awb: string;
  trackingStatus: TrackingStatus | null;
  lastScanAt: Date | null;
}

/** What recording a scan did: nothing (a repeat), or added it, as the newest or as an older one. */
export type RecordedScan = 'repeat' | 'newest' | 'older';

/** The shipping module's tables as the tracking flow changes them, each change in the flow's transaction. */
export interface ShipmentBook {
  /** The shipment of an AWB locked FOR UPDATE in `tx`, so its scans apply one at a time; null for an unknown AWB. */
  lockByAwb(tx: Db, awb: string): Promise<TrackedShipment | null>;
  /**
   * Adds the scan to the shipment's list once per (AWB, status id, time); a scan newer than every one applied
   * becomes the shipment's latest.
   */
  recordScan(tx: Db, shipment: TrackedShipment, scan: TrackingScan, status: TrackingStatus): Promise<RecordedScan>;
}

/** Whether a PIN is served, takes cash on delivery, and when. */
export interface DeliveryEstimates {
  /**
   * The estimate for a parcel of these lines (each product's unit parcel times its quantity); products that do not
   * exist add nothing. Never throws for a courier's failure: the estimate then falls back as decision 0075 says.
   */
  forLines(pin: string, lines: readonly StockLine[]): Promise<DeliveryEstimate>;
}

export interface ShippingFace {
  shipments: ShipmentBook;
  estimates: DeliveryEstimates;
}

export const shippingFace = face<ShippingFace>('shipping');

/** Applying a shipment's scans to its order (the tracking flow's), in order, each once. */
export interface ScanApplier {
  applyScans(awb: string, scans: readonly TrackingScan[]): Promise<void>;
}

/** Where the shipping module finds how scans are applied; exactly one flow (tracking) contributes. */
export const trackingScans = extensionPoint<ScanApplier>('shipping.scans');

// Shipping an order from the back office (issue 34, decision 0077): the flow that moves the order reaches the
// courier through the shipping module's desk.

/** A parcel's weight in kg and sides in cm, as couriers price it. */
export interface ParcelSize {
  weightKg: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** An order as it is handed to the courier; money in paise. */
export interface DispatchOrder {
  /** The order's row id. */
  orderRowId: string;
  /** Our public order id: the courier's `order_id`. */
  orderId: string;
  orderedAt: Date;
  paymentMethod: 'cod' | 'prepaid';
  /** Our total (`sub_total`). */
  subTotalPaise: number;
  /** Each line; its product (null once deleted) gives one unit's size, else the default parcel's. */
  items: { productId: string | null; name: string; sku: string; units: number; sellingPricePaise: number }[];
  address: {
    name: string;
    address: string;
    city: string;
    state: string;
    pincode: string;
    email: string;
    phone: string;
  };
  /** The owner's own weight or sides, each replacing what the items add up to. */
  parcel?: Partial<ParcelSize>;
}

/** A shipment the courier accepted, its AWB assigned and its pickup asked for. */
export interface BookedShipment {
  courierOrderId: number;
  shipmentId: number;
  awb: string;
  courierName: string;
  trackingUrl: string;
}

/**
 * The courier's side of shipping an order, each step kept as soon as it is done so that a retry resumes. Refusals
 * and outages are HttpErrors (502 with the courier's message; 409 when the shop ships by hand).
 */
export interface ShipmentDesk {
  /** False when the shop ships by hand (Shiprocket is not set up). */
  readonly throughCourier: boolean;
  /** Throws the 409 of manual shipping when Shiprocket is not set up. */
  ensureCourier(): void;
  /** Creates the courier's order, assigns its AWB and schedules its pickup, skipping what an earlier try did. */
  book(order: DispatchOrder): Promise<BookedShipment>;
  /** A booking that got as far as its pickup but whose shipment was never recorded (a try that stopped short). */
  unrecorded(orderRowId: string): Promise<BookedShipment | null>;
  /** Records the order's shipment (and its catch-up job) in `db`, the caller's transaction. */
  record(orderRowId: string, booked: BookedShipment, db: Db): Promise<void>;
  /** The label of the order's shipment, a PDF, asked of the courier anew; null when it has no shipment. */
  label(orderRowId: string): Promise<Uint8Array | null>;
  /** One manifest of the shipments of these orders, its PDF kept; its id. */
  manifest(orderRowIds: readonly string[]): Promise<string>;
  /** A kept manifest's PDF; null for an unknown id. */
  manifestPdf(manifestId: string): Promise<Uint8Array | null>;
}

export interface ShippingFace {
  desk: ShipmentDesk;
}
