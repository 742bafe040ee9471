/** Orders as the API shows them (spec sections 3 and 7), shared by the storefront and the server. */
import type { Order, OrderStatus, PaymentStatus, TrackingStatus } from './contracts/orders.ts';
import { CANCELLATION_WINDOW_HOURS, ORDER_ID_SHOWN_CHARS } from './constants.ts';

export type {
  Order,
  OrderAddress,
  OrderLine,
  OrderStatus,
  PaymentStatus,
  Shipment,
  StatusEvent,
  TrackedOrder,
  TrackingEntry,
  TrackingStatus,
} from './contracts/orders.ts';

/**
 * The lifecycle: placed → confirmed → packed → shipped → delivered, or cancelled before packing; a shipped parcel
 * the courier brings back is returned (only the courier's scan moves it there, never the back office).
 */
export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ['confirmed', 'cancelled'],
  confirmed: ['packed', 'cancelled'],
  packed: ['shipped'],
  shipped: ['delivered', 'returned'],
  delivered: [],
  cancelled: [],
  returned: [],
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  confirmed: 'Confirmed',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned: 'Returned',
};

/** What the shopper reads for each courier scan's status (the courier's own words go beside it). */
export const TRACKING_STATUS_LABELS: Record<TrackingStatus, string> = {
  shipped: 'Shipped',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  undelivered: 'Delivery attempted',
  rto_initiated: 'Returning to us',
  rto_delivered: 'Returned to us',
  lost: 'Lost in transit',
  other: 'Update',
};

/** pending: a prepaid order waiting for the gateway, or cash on delivery not yet collected. */
const HOUR_MS = 3_600_000;

/** Spec section 9: within 24 hours of ordering and only before processing (packing). */
export function canCancel(order: { orderStatus: OrderStatus; createdAt: string | Date }, now = new Date()): boolean {
  if (order.orderStatus !== 'placed' && order.orderStatus !== 'confirmed') return false;
  return now.getTime() - new Date(order.createdAt).getTime() < CANCELLATION_WINDOW_HOURS * HOUR_MS;
}

/** '#' and the last 6 characters of the order id. */
export const shortOrderId = (orderId: string) => `#${orderId.slice(-ORDER_ID_SHOWN_CHARS)}`;

export const itemCount = (lines: readonly { quantity: number }[]) =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

/** What the payment line says for the states that speak for themselves, whatever the method. */
const PAYMENT_STATUS_LABELS: Partial<Record<PaymentStatus, string>> = {
  failed: 'Failed',
  expired: 'Expired',
  review: 'Under review',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
  refund_failed: 'Refund failed',
};

const REFUND_STATUSES: ReadonlySet<PaymentStatus> = new Set(['refund_pending', 'refunded', 'refund_failed']);

/** Payment lines that tell the shopper something went wrong. */
export const PAYMENT_PROBLEM_LABELS: ReadonlySet<string> = new Set(['Failed', 'Expired', 'Refund failed']);

/**
 * The payment line of an order: Paid, Failed, or what is still to come. A refund says how far it has gone (the
 * order was paid), an amount that differs from the order's is under review, and an order nobody paid in time has
 * expired. See decision 0012.
 */
export function paymentLabel(
  order: Pick<Order, 'isPaid' | 'paymentStatus' | 'paymentMethod'> & { orderStatus?: OrderStatus },
): string {
  const label = PAYMENT_STATUS_LABELS[order.paymentStatus];
  // A refunded order was paid: the refund is the news.
  if (order.isPaid && !REFUND_STATUSES.has(order.paymentStatus)) return 'Paid';
  if (label) return label;
  if (order.orderStatus === 'cancelled') return 'Not charged';
  return order.paymentMethod === 'cod' ? 'Pay on delivery' : 'Awaiting payment';
}
