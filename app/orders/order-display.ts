/** How orders read on screen, shared by the account's Orders section and /track-your-order. */
import { ORDER_STATUS_LABELS, type Order, type OrderStatus, type StatusEvent } from '../../core/order';

/** The shop's clock: a shopper in India sees the day and hour the order was placed there, wherever it renders. */
const SHOP_TIME_ZONE = 'Asia/Kolkata';
const longDate = new Intl.DateTimeFormat('en-IN', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});
const dateAndTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: SHOP_TIME_ZONE,
});

/** '22 November 2026' (spec: long English format). */
export const formatOrderDate = (iso: string) => longDate.format(new Date(iso));

/** '22 Nov 2026, 3:45 pm', for the steps of the status timeline. */
export const formatStatusTime = (iso: string) => dateAndTime.format(new Date(iso));

/** The way an order goes when nothing stops it. */
export const PROGRESS_STEPS = ['placed', 'confirmed', 'packed', 'shipped', 'delivered'] as const;

export interface TimelineStep {
  status: OrderStatus;
  label: string;
  /** When the order reached this step; absent for steps still to come. */
  at?: string;
  state: 'done' | 'current' | 'upcoming';
}

/**
 * The timeline of an order: every progress step, those reached with their times and the present one marked
 * current. A cancelled order shows only the steps it reached, then 'Cancelled' instead of the rest; an order the
 * courier brought back likewise, then 'Returned'.
 */
export function timelineSteps({
  orderStatus,
  statusHistory,
}: {
  orderStatus: OrderStatus;
  statusHistory: readonly StatusEvent[];
}): TimelineStep[] {
  // The latest time wins should a status ever be recorded twice.
  const reachedAt = new Map(statusHistory.map((event) => [event.status, event.at]));
  const step = (status: OrderStatus, state: TimelineStep['state']): TimelineStep => ({
    status,
    label: ORDER_STATUS_LABELS[status],
    at: state === 'upcoming' ? undefined : reachedAt.get(status),
    state,
  });

  if (orderStatus === 'cancelled' || orderStatus === 'returned') {
    const reached = PROGRESS_STEPS.filter((status) => reachedAt.has(status));
    return [...reached.map((status) => step(status, 'done')), step(orderStatus, 'current')];
  }
  const current = PROGRESS_STEPS.indexOf(orderStatus);
  return PROGRESS_STEPS.map((status, index) =>
    step(status, index < current ? 'done' : index === current ? 'current' : 'upcoming'),
  );
}

/** Whether a prepaid order still waits for its payment: none arrived, or an attempt failed, and it is not closed. */
export const awaitsPayment = (
  order: Pick<Order, 'paymentMethod' | 'paymentStatus' | 'orderStatus' | 'isPaid'>,
): boolean =>
  order.paymentMethod === 'prepaid' &&
  !order.isPaid &&
  (order.paymentStatus === 'pending' || order.paymentStatus === 'failed') &&
  order.orderStatus !== 'cancelled';

/** Checkout's "Pay for this order": a new payment attempt for an order placed earlier (payment mails link here too). */
export const payOrderPath = (orderId: string) => `/checkout?payOrder=${encodeURIComponent(orderId)}`;
