import { paiseToRupees } from '../../core/money.ts';
import { mediaUrl } from '../../core/media.ts';
import {
  canCancel,
  itemCount,
  type Order,
  type Shipment,
  type StatusEvent,
  type TrackedOrder,
  type TrackingEntry,
} from '../../core/order.ts';
import { TRACKING_SHOWN_MAX } from '../../core/contracts/orders.ts';
import type { AdminOrder } from '../../core/contracts/admin-orders.ts';
import type { ChangingStatus } from '../platform/orders/face.ts';
import type { Db } from '../platform/db/client.ts';
import type { orderItems, orders, orderStatusEvents } from './schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type StatusEventRow = typeof orderStatusEvents.$inferSelect;

export interface OrderRecord {
  order: OrderRow;
  items: OrderItemRow[];
  events: StatusEventRow[];
  /** The courier's scans, oldest first (extension point `orderDetail.tracking`). */
  tracking: TrackingEntry[];
}

/** Where the courier's scans of orders are read (extension point `orderDetail.tracking`). */
export type TrackingReaders = readonly ((
  db: Db,
  orderRowIds: readonly string[],
) => Promise<Map<string, TrackingEntry[]>>)[];

/** The scans of the orders, by row id, from the module that keeps them; none without one. */
export async function trackingOf(readers: TrackingReaders, db: Db, orderRowIds: readonly string[]) {
  const [read] = readers;
  return read && orderRowIds.length > 0 ? read(db, orderRowIds) : new Map<string, TrackingEntry[]>();
}

/** The newest scans, at most what the answers show, oldest first. */
const shownTracking = (tracking: TrackingEntry[]) => tracking.slice(-TRACKING_SHOWN_MAX);

/**
 * A move as the orders module's own steps see it: the row is the one `shopperOrder` or `orderByPublicId` read and
 * the record the one `loadRecord` loaded, both the module's own; the orderStatus flow only passes them along.
 */
export interface OrderMove extends ChangingStatus {
  readonly order: OrderRow;
  record: OrderRecord;
}

const history = (events: StatusEventRow[]): StatusEvent[] =>
  events.map((event) => ({ status: event.status, at: event.at.toISOString() }));

/** The courier and tracking of a shipped order, when the shop gave them. */
export const shipmentOf = (order: OrderRow): Shipment | null =>
  order.courier && order.trackingNumber && order.trackingUrl
    ? { courier: order.courier, trackingNumber: order.trackingNumber, trackingUrl: order.trackingUrl }
    : null;

/** An order as the API shows it: rupees, image URLs and the public id. */
export function presentOrder(
  { order, items, events, tracking }: OrderRecord,
  mediaBaseUrl: string,
  now = new Date(),
): Order {
  return {
    _id: order.id,
    orderId: order.orderId,
    createdAt: order.createdAt.toISOString(),
    isPaid: order.paymentStatus === 'paid',
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    orderStatus: order.status,
    itemsPrice: paiseToRupees(order.itemsPricePaise),
    shippingPrice: paiseToRupees(order.shippingPricePaise),
    totalPrice: paiseToRupees(order.totalPricePaise),
    orderItems: items.map((item) => ({
      _id: item.productId ?? '',
      title: item.title,
      image: item.image ? [mediaUrl(mediaBaseUrl, item.image)] : [],
      price: paiseToRupees(item.unitPricePaise),
      quantity: item.quantity,
    })),
    shippingAddress: order.shippingAddress,
    statusHistory: history(events),
    shipment: shipmentOf(order),
    tracking: shownTracking(tracking),
    cancellable: canCancel({ orderStatus: order.status, createdAt: order.createdAt }, now),
  };
}

/** What tracking shows: no address, no lines, only progress. */
export function presentTracked({ order, items, events, tracking }: OrderRecord): TrackedOrder {
  return {
    orderId: order.orderId,
    createdAt: order.createdAt.toISOString(),
    orderStatus: order.status,
    isPaid: order.paymentStatus === 'paid',
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    totalPrice: paiseToRupees(order.totalPricePaise),
    itemCount: itemCount(items),
    statusHistory: history(events),
    shipment: shipmentOf(order),
    tracking: shownTracking(tracking),
  };
}

/** An order as the back office shows it: everything, with who took each step of its timeline. */
export function presentAdminOrder({ order, items, events, tracking }: OrderRecord, mediaBaseUrl: string): AdminOrder {
  return {
    id: order.id,
    orderId: order.orderId,
    placedAt: order.createdAt.toISOString(),
    status: order.status,
    paymentMethod: order.paymentMethod,
    paymentState: order.paymentStatus,
    paidAt: order.paidAt?.toISOString() ?? null,
    email: order.email,
    shippingAddress: order.shippingAddress,
    items: items.map((item) => ({
      productId: item.productId,
      title: item.title,
      image: item.image ? mediaUrl(mediaBaseUrl, item.image) : null,
      price: paiseToRupees(item.unitPricePaise),
      quantity: item.quantity,
    })),
    itemsPrice: paiseToRupees(order.itemsPricePaise),
    shippingPrice: paiseToRupees(order.shippingPricePaise),
    total: paiseToRupees(order.totalPricePaise),
    shipment: shipmentOf(order),
    tracking: shownTracking(tracking),
    timeline: events.map((event) => ({
      status: event.status,
      at: event.at.toISOString(),
      by: event.adminEmail ?? event.actor,
    })),
  };
}
