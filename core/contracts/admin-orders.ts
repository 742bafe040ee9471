/** The back office's orders (issue 22): the filtered list, its CSV export, one order in full, and moving it along. */
import { z } from './zod.ts';
import { PAYMENT_METHODS, PHONE_DIGITS, PINCODE_DIGITS } from '../constants.ts';
import { GATEWAY_ID_MAX, MAX_PAYMENT_ATTEMPTS, PAYMENT_EVENT_SOURCES, PAYMENT_STATUSES } from './payments.ts';
import { MAX, messageSchema, requiredText, shownAddressSchema, shownList, shownText, shownTime } from './fields.ts';
import { ADMIN_HISTORY_MAX } from './admin-lists.ts';
import { endpoint } from './endpoint.ts';
import {
  ORDER_MAX_LINES,
  ORDER_STATUSES,
  checkShipment,
  orderIdParams,
  shipmentInput,
  shipmentSchema,
  trackingListSchema,
} from './orders.ts';

/** Rows a page of the list holds at most. */
export const ADMIN_ORDERS_MAX_LIMIT = 100;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A query parameter a form may send empty: empty is the same as absent. */
const maybe = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const day = (name: string) =>
  maybe(
    z
      .string()
      .max(10, `${name} must be a date such as 2026-11-27`)
      .regex(DATE, `${name} must be a date such as 2026-11-27`)
      .refine(
        (value) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
        `${name} must be a date such as 2026-11-27`,
      ),
  );

const whole = (name: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? fallback : Number(value)),
    z
      .number({ error: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, `${name} must be at most ${max}`),
  );

/** The list's filters: each narrows it; dates are days in India time, both ends included. */
const filters = {
  status: maybe(z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` })),
  paymentMethod: maybe(z.enum(PAYMENT_METHODS, { error: 'paymentMethod must be cod or prepaid' })),
  paymentState: maybe(
    z.enum(PAYMENT_STATUSES, { error: `paymentState must be one of ${PAYMENT_STATUSES.join(', ')}` }),
  ),
  from: day('from'),
  to: day('to'),
  /** A state's name, or a 6-digit PIN code. */
  region: maybe(requiredText('region must be a state or a PIN code', MAX.name)),
  /** An order id (whole, or its last 6 characters as shown), an e-mail address (or part of one) or a phone number. */
  q: maybe(requiredText('Search for an order id, an e-mail address or a phone number', MAX.email)),
};
const datesInOrder = (range: { from?: string; to?: string }) => !range.from || !range.to || range.from <= range.to;
const DATES_OUT_OF_ORDER = { message: 'The date range ends before it starts', path: ['to'] };

export const adminOrderFiltersSchema = z.object(filters).refine(datesInOrder, DATES_OUT_OF_ORDER);

export const adminOrderListQuerySchema = z
  .object({
    ...filters,
    limit: whole('limit', 1, ADMIN_ORDERS_MAX_LIMIT, 25),
    offset: whole('offset', 0, 10_000_000, 0),
  })
  .refine(datesInOrder, DATES_OUT_OF_ORDER);

/** One row of the list and of the CSV. */
export const adminOrderRowSchema = z.object({
  orderId: shownText(MAX.name),
  placedAt: shownTime(),
  // First and last name, a space between.
  customerName: shownText(MAX.name * 2 + 1),
  email: shownText(MAX.email),
  phone: shownText(PHONE_DIGITS),
  state: shownText(MAX.name),
  pincode: shownText(PINCODE_DIGITS),
  /** In rupees. */
  total: z.number(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentState: z.enum(PAYMENT_STATUSES),
  status: z.enum(ORDER_STATUSES),
});

export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderRowSchema).meta({ maxItems: ADMIN_ORDERS_MAX_LIMIT }),
  /** How many orders match the filters, on every page. */
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});

/** A step of the timeline and who took it: the shopper, the system, the shop (staff API) or an admin's e-mail. */
const timelineEventSchema = z.object({ status: z.enum(ORDER_STATUSES), at: shownTime(), by: shownText(MAX.email) });

/** An order as the back office shows it; money in rupees. */
export const adminOrderSchema = z.object({
  id: z.uuid(),
  orderId: shownText(MAX.name),
  placedAt: shownTime(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentState: z.enum(PAYMENT_STATUSES),
  paidAt: shownTime().nullable(),
  email: shownText(MAX.email),
  shippingAddress: shownAddressSchema,
  items: shownList(
    z.object({
      productId: shownText(MAX.name).nullable(),
      title: shownText(MAX.title),
      /** The URL of the image the shopper saw, if any. */
      image: shownText(MAX.url).nullable(),
      price: z.number(),
      quantity: z.number(),
    }),
    ORDER_MAX_LINES,
  ),
  itemsPrice: z.number(),
  shippingPrice: z.number(),
  total: z.number(),
  shipment: shipmentSchema.nullable(),
  tracking: trackingListSchema,
  timeline: shownList(timelineEventSchema, ORDER_STATUSES.length),
});

/** A payment attempt's, refund's or order's state name, e.g. `completed`. */
const STATE_MAX = 40;
/** An order's payment as the payments module keeps it: attempts at the gateway, every change, and refunds. */
export const orderPaymentHistorySchema = z.object({
  attempts: shownList(
    z.object({
      merchantOrderId: shownText(GATEWAY_ID_MAX),
      attemptNumber: z.number(),
      amount: z.number(),
      state: shownText(STATE_MAX),
      errorCode: shownText(GATEWAY_ID_MAX).nullable(),
      createdAt: shownTime(),
    }),
    MAX_PAYMENT_ATTEMPTS,
  ),
  events: shownList(
    z.object({
      subject: z.enum(['attempt', 'refund', 'order']),
      fromState: shownText(STATE_MAX).nullable(),
      toState: shownText(STATE_MAX),
      source: z.enum(PAYMENT_EVENT_SOURCES),
      at: shownTime(),
    }),
    ADMIN_HISTORY_MAX,
  ),
  refunds: shownList(
    z.object({
      merchantRefundId: shownText(GATEWAY_ID_MAX),
      amount: z.number(),
      state: shownText(STATE_MAX),
      reason: shownText(MAX.line),
      errorCode: shownText(GATEWAY_ID_MAX).nullable(),
      createdAt: shownTime(),
    }),
    ADMIN_HISTORY_MAX,
  ),
});

const auditEntrySchema = z.object({
  at: shownTime(),
  adminEmail: shownText(MAX.email),
  action: shownText(MAX.name),
  before: z.unknown(),
  after: z.unknown(),
  reason: shownText(MAX.line).nullable(),
});

export const adminOrderDetailSchema = z.object({
  order: adminOrderSchema,
  payments: orderPaymentHistorySchema,
  audit: shownList(auditEntrySchema, ADMIN_HISTORY_MAX),
});

export const ADMIN_STATUS_MOVES = ['confirmed', 'packed', 'shipped', 'delivered'] as const;

export const adminStatusChangeSchema = z
  .object({
    status: z.enum(ADMIN_STATUS_MOVES, { error: `status must be one of ${ADMIN_STATUS_MOVES.join(', ')}` }),
    ...shipmentInput,
  })
  .superRefine(checkShipment);

/** A body of one required reason, kept in the audit log: `message` when it is missing or blank. */
const reasonBody = (message: string) => z.object({ reason: requiredText(message, MAX.line) }, { error: message });

export const CANCEL_REASON_MESSAGE = 'Please give the reason for cancelling this order.';
export const adminCancelSchema = reasonBody(CANCEL_REASON_MESSAGE);

export const REFUND_RETRY_REASON_MESSAGE = 'Please give the reason for retrying this refund.';
/** Retrying a refund the gateway failed: the reason is the admin's, for the audit log (the shopper's mail keeps the refund's own). */
export const adminRefundRetrySchema = reasonBody(REFUND_RETRY_REASON_MESSAGE);

const adminErrors = { 400: messageSchema, 403: messageSchema };
const orderAnswer = z.object({ order: adminOrderSchema });

export const adminOrdersEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/orders',
  querystring: adminOrderListQuerySchema,
  responses: { 200: adminOrderListSchema, ...adminErrors },
});
/** The most orders one CSV export holds: when more match, it is a 409 asking for narrower filters. */
export const ORDERS_CSV_MAX_ORDERS = 100_000;
/** The longest line the export writes: every cell at its longest, all quotes (server/orders/csv.unit.test.ts). */
export const ORDERS_CSV_LINE_MAX = 1_500;
/** The same filters, every matching order (at most ORDERS_CSV_MAX_ORDERS), as a spreadsheet-safe CSV file. */
export const adminOrdersCsvEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/orders.csv',
  querystring: adminOrderFiltersSchema,
  responses: {
    // The header line and one line per order (decision 0051).
    200: z.string().meta({
      format: 'binary',
      'x-media-type': 'text/csv',
      maxLength: (ORDERS_CSV_MAX_ORDERS + 1) * ORDERS_CSV_LINE_MAX,
    }),
    ...adminErrors,
    409: messageSchema,
  },
});
export const adminOrderEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/orders/:orderId',
  params: orderIdParams,
  responses: { 200: adminOrderDetailSchema, ...adminErrors, 404: messageSchema },
});
/** An admin's change of one order, `POST /api/admin/orders/:orderId/<action>`: the order after it, or 404 or 409. */
const orderChange = <const Action extends string, Body extends z.ZodType>(action: Action, body: Body) =>
  endpoint({
    method: 'POST',
    path: `/api/admin/orders/:orderId/${action}`,
    params: orderIdParams,
    body,
    responses: { 200: orderAnswer, ...adminErrors, 404: messageSchema, 409: messageSchema },
  });
export const adminOrderStatusEndpoint = orderChange('status', adminStatusChangeSchema);
export const adminCancelOrderEndpoint = orderChange('cancel', adminCancelSchema);
/** A prepaid order whose refund the gateway failed: a new refund of its payment; any other order is 409. */
export const adminRetryRefundEndpoint = orderChange('refund', adminRefundRetrySchema);

export type AdminOrderFilters = z.infer<typeof adminOrderFiltersSchema>;
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;
export type OrderPaymentHistory = z.infer<typeof orderPaymentHistorySchema>;
export type AdminStatusChange = z.infer<typeof adminStatusChangeSchema>;
