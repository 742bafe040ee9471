/** Orders as the API shows them (spec sections 3 and 7), shared by the storefront and the server. */
import type { PaymentMethod } from './cart.ts';
import type { Address } from './user.ts';
import { CANCELLATION_WINDOW_HOURS, ORDER_ID_SHOWN_CHARS } from './constants.ts';

/** The lifecycle: placed → confirmed → packed → shipped → delivered, or cancelled before packing. */
export const ORDER_STATUSES = ['placed', 'confirmed', 'packed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses each status may move to next. */
export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ['confirmed', 'cancelled'],
  confirmed: ['packed', 'cancelled'],
  packed: ['shipped'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  confirmed: 'Confirmed',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** pending: a prepaid order waiting for the gateway, or cash on delivery not yet collected. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface OrderLine {
  /** The product's id. */
  _id: string;
  title: string;
  /** Image URLs; the first is shown. A snapshot taken when the order was placed. */
  image: string[];
  /** Unit price in rupees when the order was placed. */
  price: number;
  quantity: number;
}

/** The address an order ships to: a saved address without its bookkeeping (the country is always India). */
export type OrderAddress = Omit<Address, '_id' | 'country' | 'isDefault'>;

export interface StatusEvent {
  status: OrderStatus;
  at: string;
}

export interface Order {
  _id: string;
  /** The public, unguessable order id. */
  orderId: string;
  createdAt: string;
  isPaid: boolean;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  orderStatus: OrderStatus;
  itemsPrice: number;
  shippingPrice: number;
  totalPrice: number;
  orderItems: OrderLine[];
  shippingAddress: OrderAddress;
  statusHistory: StatusEvent[];
  /** Whether the shopper may still cancel it (see canCancel). */
  cancellable: boolean;
}

/** What /track-your-order shows: the status timeline, without the address. */
export interface TrackedOrder {
  orderId: string;
  createdAt: string;
  orderStatus: OrderStatus;
  isPaid: boolean;
  paymentMethod: PaymentMethod;
  /** With isPaid and paymentMethod, what paymentLabel needs to tell Failed from Awaiting payment. */
  paymentStatus: PaymentStatus;
  totalPrice: number;
  itemCount: number;
  statusHistory: StatusEvent[];
}

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

/** The payment line of an order: Paid, Failed, or what is still to come. See decision 0012. */
export function paymentLabel(
  order: Pick<Order, 'isPaid' | 'paymentStatus' | 'paymentMethod'> & { orderStatus?: OrderStatus },
): string {
  if (order.isPaid) return 'Paid';
  if (order.paymentStatus === 'failed') return 'Failed';
  if (order.orderStatus === 'cancelled') return 'Not charged';
  return order.paymentMethod === 'cod' ? 'Pay on delivery' : 'Awaiting payment';
}
