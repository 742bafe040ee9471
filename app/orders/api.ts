import type { Order, TrackedOrder } from '../../core/order';
import type { CreateOrderInput, TrackOrderInput } from '../../core/contracts/orders';
import { api, post } from '../lib/http';

/** Places an order; the same idempotency key on a retry returns the same order instead of a second one. */
export const createOrder = (input: CreateOrderInput, idempotencyKey: string) =>
  api<{ orderId: string }>('/api/orders/create-order', {
    method: 'POST',
    body: JSON.stringify(input),
    headers: { 'idempotency-key': idempotencyKey },
  });

export const getUserOrders = () => api<Order[]>('/api/orders/get-user-orders');

export const cancelOrder = (orderId: string) =>
  post<{ order: Order; message: string }>(`/api/orders/${encodeURIComponent(orderId)}/cancel`);

export const trackOrder = (input: TrackOrderInput) => post<{ order: TrackedOrder }>('/api/orders/track', input);
