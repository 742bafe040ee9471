/** The payments capability's contract: prepaid UPI through the gateway (spec sections 2, 4, 7 and 8). */
import { PAYMENT_METHODS } from '../constants.ts';
import { z } from './zod.ts';
import { endpoint } from './endpoint.ts';
import { ANY_TEXT, MAX, SINGLE_LINE_TEXT, messageSchema, shownText, shownTime } from './fields.ts';

/** A shopper may hold this many unpaid prepaid orders at once. */
export const MAX_UNPAID_PREPAID_ORDERS = 3;
/** Payment attempts one order may start: each costs a gateway order and its scheduled checks. */
export const MAX_PAYMENT_ATTEMPTS = 5;

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
  tooManyAttempts: `This order has had ${MAX_PAYMENT_ATTEMPTS} payment attempts, the most one order may have. Please place a new order.`,
  notPaidYet: 'This order is not paid yet: a prepaid order moves past placed only once its payment has arrived.',
  notPrepaid: 'This order is paid on delivery.',
  gatewayUnavailable: 'The payment service is not responding. Your order is saved: please try again in a minute.',
  gatewayFailed: 'The payment service could not start the payment. Your order is saved: please try again.',
  noFailedRefund: 'This order has no failed refund to retry.',
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
/** A prepaid order that may still be paid. */
export const AWAITING_PAYMENT: PaymentStatus[] = ['pending', 'failed'];

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
  .max(100, 'orderId is too long')
  .regex(SINGLE_LINE_TEXT, 'orderId is one line of text');

/** The longest id of an attempt or refund at the gateway (the shop's own are shorter). */
export const GATEWAY_ID_MAX = 100;

export const createPaymentSchema = z.object({ orderId: orderIdField });
export const createPaymentResponseSchema = z.object({
  redirectUrl: shownText(MAX.url),
  /** This attempt's id at the gateway; each call makes a new one. */
  merchantOrderId: shownText(GATEWAY_ID_MAX),
  /** When this attempt stops accepting payment (ISO time). */
  expiresAt: shownTime(),
});

export const paymentStatusQuerySchema = z.object({
  /** The shop's orderId (what the spec's client holds) or one attempt's merchantOrderId. */
  merchantOrderId: z.preprocess(
    (value) => (Array.isArray(value) ? value[0] : value),
    z
      .string({ error: 'merchantOrderId is required' })
      .trim()
      .min(1, 'merchantOrderId is required')
      .max(100)
      .regex(SINGLE_LINE_TEXT, 'merchantOrderId is one line of text'),
  ),
});

export const paymentStatusResponseSchema = z.object({
  data: z.object({
    state: z.enum(GATEWAY_STATES),
    orderId: shownText(MAX.name),
    /** A cash-on-delivery order has nothing to pay online: its status page says it was placed. */
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    /** Until when a pending order may still be paid (ISO time), or null once it is final. */
    expiresAt: shownTime().nullable(),
  }),
});

const createPaymentResponses = {
  200: createPaymentResponseSchema,
  404: messageSchema,
  409: messageSchema,
  429: messageSchema,
  502: messageSchema,
  503: messageSchema,
};
/** Starts a payment attempt for an unpaid prepaid order: the gateway's page to open. */
export const createPaymentEndpoint = endpoint({
  method: 'POST',
  path: '/api/payment/create-order',
  body: createPaymentSchema,
  responses: createPaymentResponses,
});
/** The spec's other name for the same call. */
export const checkoutEndpoint = endpoint({
  method: 'POST',
  path: '/api/payment/checkout',
  body: createPaymentSchema,
  responses: createPaymentResponses,
});
export const paymentStatusEndpoint = endpoint({
  method: 'GET',
  path: '/api/payment/get-order-status',
  querystring: paymentStatusQuerySchema,
  responses: { 200: paymentStatusResponseSchema, 404: messageSchema },
});
/** Asks the gateway now, and answers as paymentStatusEndpoint. */
export const verifyPaymentEndpoint = endpoint({
  method: 'POST',
  path: '/api/payment/payment-verification',
  body: createPaymentSchema,
  responses: { 200: paymentStatusResponseSchema, 404: messageSchema, 429: messageSchema },
});

export type CreatePaymentInput = z.infer<typeof createPaymentSchema>;
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>;
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

/** A webhook body larger than this is refused with 413: PhonePe's are a few kilobytes. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;
/** The largest amount the shop's amount columns hold (PostgreSQL integer), in paise. */
export const MAX_AMOUNT_PAISE = 2_147_483_647;

// The gateway's own texts: any characters, only their length is checked here.
const gatewayText = (max: number) => z.string().max(max).regex(ANY_TEXT).nullish();
const gatewayId = gatewayText(100);

/**
 * PhonePe's webhook (decision 0023), parsed leniently: new fields are dropped, not refused. Only the event and the
 * attempt's or refund's id are acted on, and only after the gateway's status API confirms the state; an amount
 * that is there must still be a whole number of paise in range.
 */
export const phonePeWebhookSchema = z.object({
  event: gatewayText(100),
  payload: z
    .object({
      merchantOrderId: gatewayId,
      merchantRefundId: gatewayId,
      orderId: gatewayId,
      state: gatewayText(40),
      amount: z
        .number({ error: 'amount must be a number of paise' })
        .int('amount must be a whole number of paise')
        .min(0, 'amount must not be negative')
        .max(MAX_AMOUNT_PAISE, 'amount is out of range')
        .nullish(),
    })
    .nullish(),
});
export type PhonePeWebhook = z.infer<typeof phonePeWebhookSchema>;

/** PhonePe's calls into the shop (decision 0019); its Authorization header is checked before the body is read. */
export const paymentWebhookEndpoint = endpoint({
  method: 'POST',
  path: '/api/payment/webhook',
  body: phonePeWebhookSchema,
  responses: {
    200: z.object({ received: z.boolean() }),
    400: messageSchema,
    401: messageSchema,
    413: messageSchema,
    429: messageSchema,
  },
});
