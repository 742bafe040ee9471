/** The payments capability's contract: prepaid UPI through the gateway (spec sections 2, 4, 7 and 8). */
import { PAYMENT_METHODS } from '../constants.ts';
import { z } from './zod.ts';

/** A shopper may hold this many unpaid prepaid orders at once. */
export const MAX_UNPAID_PREPAID_ORDERS = 3;

/** What the storefront says at each turn of a prepaid checkout (spec section 8). */
export const PAYMENT_MESSAGES = {
  checkoutFailed: 'Something went wrong during checkout.',
  invalidRedirect: 'Payment failed. Invalid redirect URL.',
  cancelledByUser: 'Payment cancelled by user.',
  completed: 'Payment completed successfully.',
  ageRequired: 'Please confirm that you are 18 or older to place an order.',
  prepaidUnavailable: 'Online payment is not available at the moment. Please choose Cash on Delivery.',
  tooManyUnpaid: `You have ${MAX_UNPAID_PREPAID_ORDERS} orders waiting for payment. Please pay for one of them, or wait for them to expire, before placing another.`,
  alreadyPaid: 'This order is already paid.',
  orderClosed: 'This order can no longer be paid. Please place a new order.',
  notPrepaid: 'This order is paid on delivery.',
  gatewayUnavailable: 'The payment service is not responding. Your order is saved: please try again in a minute.',
  gatewayFailed: 'The payment service could not start the payment. Your order is saved: please try again.',
} as const;

/** The gateway's view of a payment, as the spec's client reads it (`data.state`). */
export const GATEWAY_STATES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type GatewayState = (typeof GATEWAY_STATES)[number];

/**
 * An order's payment, as the shop keeps it: `pending` awaits payment (cash on delivery until handed over),
 * `failed` is a failed attempt that may be retried until the order expires, `review` holds an amount that
 * differs from the order's, and the refund states follow a cancelled paid order.
 */
export const PAYMENT_STATUSES = [
  'pending',
  'paid',
  'failed',
  'expired',
  'review',
  'refund_pending',
  'refunded',
  'refund_failed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where a payment change was learnt (kept with each change). */
export const PAYMENT_EVENT_SOURCES = [
  'webhook',
  'status-check',
  'reconciliation',
  'shopper',
  'admin',
  'system',
] as const;
export type PaymentEventSource = (typeof PAYMENT_EVENT_SOURCES)[number];

const orderIdField = z
  .string({ error: 'orderId is required' })
  .trim()
  .min(1, 'orderId is required')
  .max(100, 'orderId is too long');

export const createPaymentSchema = z.object({ orderId: orderIdField });
export const createPaymentResponseSchema = z.object({
  redirectUrl: z.string(),
  /** This attempt's id at the gateway; each call makes a new one. */
  merchantOrderId: z.string(),
  /** When this attempt stops accepting payment (ISO time). */
  expiresAt: z.string(),
});

export const paymentStatusQuerySchema = z.object({
  /** The shop's orderId (what the spec's client holds) or one attempt's merchantOrderId. */
  merchantOrderId: z.preprocess(
    (value) => (Array.isArray(value) ? value[0] : value),
    z.string({ error: 'merchantOrderId is required' }).trim().min(1, 'merchantOrderId is required').max(100),
  ),
});

export const paymentStatusResponseSchema = z.object({
  data: z.object({
    state: z.enum(GATEWAY_STATES),
    orderId: z.string(),
    /** A cash-on-delivery order has nothing to pay online: its status page says it was placed. */
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    /** Until when a pending order may still be paid (ISO time), or null once it is final. */
    expiresAt: z.string().nullable(),
  }),
});

export type CreatePaymentInput = z.infer<typeof createPaymentSchema>;
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>;
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;
