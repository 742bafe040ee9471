import {
  cancelOrderEndpoint,
  createOrderEndpoint,
  trackOrderEndpoint,
  userOrdersEndpoint,
  type CreateOrderInput,
  type TrackOrderInput,
} from '../../core/contracts/orders';
import { call } from '../lib/http';

/** Places an order; the same idempotency key on a retry returns the same order instead of a second one. */
export const createOrder = (input: CreateOrderInput, idempotencyKey: string) =>
  call(createOrderEndpoint, { body: input, headers: { 'idempotency-key': idempotencyKey } });

export const getUserOrders = () => call(userOrdersEndpoint);

export const cancelOrder = (orderId: string) => call(cancelOrderEndpoint, { params: { orderId } });

export const trackOrder = (input: TrackOrderInput) => call(trackOrderEndpoint, { body: input });
