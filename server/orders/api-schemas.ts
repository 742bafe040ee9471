import { z } from 'zod';
import { addressSchema } from '../auth/api-schemas.ts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../core/order.ts';
import { PAYMENT_METHODS } from '../../core/constants.ts';

const statusEvent = z.object({ status: z.enum(ORDER_STATUSES), at: z.string() });

/** An order as the API shows it (core/order.ts). */
export const orderSchema = z.object({
  _id: z.uuid(),
  orderId: z.string(),
  createdAt: z.string(),
  isPaid: z.boolean(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  orderStatus: z.enum(ORDER_STATUSES),
  itemsPrice: z.number(),
  shippingPrice: z.number(),
  totalPrice: z.number(),
  orderItems: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      image: z.array(z.string()),
      price: z.number(),
      quantity: z.number(),
    }),
  ),
  shippingAddress: addressSchema.omit({ _id: true, country: true, isDefault: true }),
  statusHistory: z.array(statusEvent),
  cancellable: z.boolean(),
});

export const trackedOrderSchema = z.object({
  orderId: z.string(),
  createdAt: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  isPaid: z.boolean(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  totalPrice: z.number(),
  itemCount: z.number(),
  statusHistory: z.array(statusEvent),
});
