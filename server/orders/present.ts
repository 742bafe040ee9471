import { paiseToRupees } from '../../core/money.ts';
import { mediaUrl } from '../../core/media.ts';
import { canCancel, itemCount, type Order, type StatusEvent, type TrackedOrder } from '../../core/order.ts';
import type { orderItems, orders, orderStatusEvents } from './schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type StatusEventRow = typeof orderStatusEvents.$inferSelect;

export interface OrderRecord {
  order: OrderRow;
  items: OrderItemRow[];
  events: StatusEventRow[];
}

const history = (events: StatusEventRow[]): StatusEvent[] =>
  events.map((event) => ({ status: event.status, at: event.at.toISOString() }));

/** An order as the API shows it: rupees, image URLs and the public id. */
export function presentOrder({ order, items, events }: OrderRecord, mediaBaseUrl: string, now = new Date()): Order {
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
    cancellable: canCancel({ orderStatus: order.status, createdAt: order.createdAt }, now),
  };
}

/** What tracking shows: no address, no lines, only progress. */
export function presentTracked({ order, items, events }: OrderRecord): TrackedOrder {
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
  };
}
