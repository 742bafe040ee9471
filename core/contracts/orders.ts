/** The orders capability's contract: placing, tracking and showing orders (spec sections 3, 5 and 7). */
import { z } from './zod.ts';
import { PAYMENT_METHODS } from '../constants.ts';
import { PAYMENT_MESSAGES, PAYMENT_STATUSES, type PaymentStatus } from './payments.ts';
import {
  MAX,
  MESSAGES,
  NAME_MIN,
  email,
  messageSchema,
  optionalText,
  orderLineSchema,
  phone,
  pincode,
  requiredText,
  shownAddressSchema,
  SINGLE_LINE_TEXT,
  shownList,
  shownText,
  shownUuid,
  MESSAGE_MAX,
  shownTime,
} from './fields.ts';
import { PRODUCT_LIMITS } from './catalog.ts';
import { endpoint } from './endpoint.ts';

export const CHECKOUT_SUBMIT_ALERT = 'Please fill in all fields correctly before placing the order.';
export const checkoutAddressSchema = z.object({
  fname: requiredText('First Name should be minimum 3 characters', MAX.name, NAME_MIN),
  lname: requiredText('Last name is required.', MAX.name),
  address1: requiredText('Address is required.', MAX.line),
  address2: optionalText(MAX.line),
  city: requiredText('City is required.', MAX.name),
  state: requiredText('State is required.', MAX.name),
  pincode: pincode(),
  phone: phone(),
  email: email(MESSAGES.enterEmail, MESSAGES.invalidEmail),
});

/** The most different products one order holds. */
export const ORDER_MAX_LINES = 50;
/** The most orders a shopper's order list answers with, newest first. */
export const USER_ORDERS_MAX = 500;
/** A public order id: 24 characters of Crockford's base32 (the server's newOrderId). */
export const ORDER_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{24}$/;
const shownOrderId = () => z.string().meta({ pattern: ORDER_ID_PATTERN.source, maxLength: 24 });

export const createOrderSchema = z.object({
  orderItems: z
    .array(orderLineSchema, { error: 'Your cart is empty' })
    .min(1, 'Your cart is empty')
    .max(ORDER_MAX_LINES, `An order can have at most ${ORDER_MAX_LINES} different products`),
  shippingAddress: checkoutAddressSchema,
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Choose prepaid or cash on delivery' }),
  /** Spec section 1: the minimum age to order is 18; checkout asks, and an order without it is refused. */
  ageConfirmed: z.literal(true, { error: PAYMENT_MESSAGES.ageRequired }),
});

export const trackOrderSchema = z.object({
  orderId: requiredText('Enter Order Id', MAX.name),
  email: email(MESSAGES.enterEmail, MESSAGES.invalidEmail),
});

export const ORDER_STATUSES = [
  'placed',
  'confirmed',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  // Came back to the shop undelivered (issue 34: the courier's return to origin).
  'returned',
] as const;

const statusEventSchema = z.object({ status: z.enum(ORDER_STATUSES), at: shownTime() });

/** The courier's scans as the shop names them (issue 34; Shiprocket's status ids, server/shipping/scan-status.ts). */
export const TRACKING_STATUSES = [
  'shipped',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'undelivered',
  'rto_initiated',
  'rto_delivered',
  'lost',
  'other',
] as const;
/** The most scans an order shows, its newest (a parcel has a dozen or two). */
export const TRACKING_SHOWN_MAX = 100;
const TRACKING_TEXT_MAX = 200;

/** One courier scan of the order's parcel: our name for it, the courier's words, where and when. */
export const trackingEntrySchema = z.object({
  status: z.enum(TRACKING_STATUSES),
  label: shownText(TRACKING_TEXT_MAX),
  location: shownText(TRACKING_TEXT_MAX).nullable(),
  at: shownTime(),
});
/** The order's scans, oldest first; empty before the courier's first. */
export const trackingListSchema = shownList(trackingEntrySchema, TRACKING_SHOWN_MAX);

/** How a shipped order travels (issue 22): the courier, its tracking number and the courier's https tracking page. */
export const shipmentSchema = z.object({
  courier: shownText(MAX.name),
  trackingNumber: shownText(MAX.name),
  trackingUrl: shownText(MAX.line),
});

export const SHIPMENT_MESSAGES = {
  courier: "Enter the courier's name to mark the order shipped.",
  trackingNumber: 'Enter the tracking number to mark the order shipped.',
  trackingUrl: "Enter the tracking link, the courier's https:// page for this parcel, to mark the order shipped.",
  notHttps: 'The tracking link must be an https:// address.',
  onlyWhenShipped: 'Courier and tracking details go only with the shipped status.',
} as const;

/** An absolute https:// address with a host: what a tracking link must be before a shopper is sent to it. */
export function isHttpsUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
}

/** The tracking fields of a status change; each may be left out (an empty string). */
export const shipmentInput = {
  courier: optionalText(MAX.name),
  trackingNumber: optionalText(MAX.name),
  trackingUrl: optionalText(MAX.line),
};
type ShipmentInput = { status: string; courier: string; trackingNumber: string; trackingUrl: string };

/** The rule of a status change's tracking fields: they go with 'shipped' only, and there all three are needed. */
export function checkShipment(input: ShipmentInput, context: z.RefinementCtx): void {
  const given = Boolean(input.courier || input.trackingNumber || input.trackingUrl);
  const fail = (message: string, field: keyof typeof shipmentInput) =>
    context.addIssue({ code: 'custom', message, path: [field] });
  if (input.status !== 'shipped') {
    if (given) fail(SHIPMENT_MESSAGES.onlyWhenShipped, 'courier');
    return;
  }
  if (!input.courier) fail(SHIPMENT_MESSAGES.courier, 'courier');
  if (!input.trackingNumber) fail(SHIPMENT_MESSAGES.trackingNumber, 'trackingNumber');
  if (!input.trackingUrl) fail(SHIPMENT_MESSAGES.trackingUrl, 'trackingUrl');
  else if (!isHttpsUrl(input.trackingUrl)) fail(SHIPMENT_MESSAGES.notHttps, 'trackingUrl');
}

/** The shipment a valid status change carries, or undefined when it carries none. */
export const shipmentOf = (input: ShipmentInput): Shipment | undefined =>
  input.status === 'shipped' && input.courier
    ? { courier: input.courier, trackingNumber: input.trackingNumber, trackingUrl: input.trackingUrl }
    : undefined;

const orderLineShownSchema = z.object({
  /** The product's id. */
  _id: shownUuid(),
  title: shownText(MAX.title),
  /** Image URLs; the first is shown. A snapshot taken when the order was placed. */
  image: shownList(shownText(MAX.url), PRODUCT_LIMITS.images),
  /** Unit price in rupees when the order was placed. */
  price: z.number(),
  quantity: z.number(),
});

/** The address an order ships to: the checkout address as validated (the country is always India). */
const orderAddressSchema = shownAddressSchema;

/** An order as the API shows it; prices in rupees. */
export const orderSchema = z.object({
  _id: z.uuid(),
  /** The public, unguessable order id. */
  orderId: shownOrderId(),
  createdAt: shownTime(),
  isPaid: z.boolean(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  orderStatus: z.enum(ORDER_STATUSES),
  itemsPrice: z.number(),
  shippingPrice: z.number(),
  totalPrice: z.number(),
  orderItems: shownList(orderLineShownSchema, ORDER_MAX_LINES),
  shippingAddress: orderAddressSchema,
  statusHistory: shownList(statusEventSchema, ORDER_STATUSES.length),
  /** The courier and tracking once shipped from the back office; null before, or when shipped without them. */
  shipment: shipmentSchema.nullable(),
  tracking: trackingListSchema,
  /** Whether the shopper may still cancel it (see canCancel). */
  cancellable: z.boolean(),
});

/** What /track-your-order shows: the status timeline, without the address. */
export const trackedOrderSchema = z.object({
  orderId: shownOrderId(),
  createdAt: shownTime(),
  orderStatus: z.enum(ORDER_STATUSES),
  isPaid: z.boolean(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** With isPaid and paymentMethod, what paymentLabel needs to tell Failed from Awaiting payment. */
  paymentStatus: z.enum(PAYMENT_STATUSES),
  totalPrice: z.number(),
  itemCount: z.number(),
  statusHistory: shownList(statusEventSchema, ORDER_STATUSES.length),
  shipment: shipmentSchema.nullable(),
  tracking: trackingListSchema,
});

// The tracking form's rules (no control characters); the server then checks the id's shape before any query.
export const orderIdParams = z.object({ orderId: trackOrderSchema.shape.orderId });
/** The same key on a retry answers the first order instead of placing a second one. */
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, 'Idempotency-Key must not be empty')
    .max(200, 'Idempotency-Key must be at most 200 characters')
    .regex(SINGLE_LINE_TEXT, 'Idempotency-Key must be one line of text')
    .optional(),
});
const orderPlacedSchema = z.object({ orderId: shownOrderId() });
const orderAnswer = z.object({ order: orderSchema });

export const createOrderEndpoint = endpoint({
  method: 'POST',
  path: '/api/orders/create-order',
  headers: idempotencyHeaders,
  body: createOrderSchema,
  responses: {
    /** A retry with the same Idempotency-Key: the first order. */
    200: orderPlacedSchema,
    201: orderPlacedSchema,
    400: messageSchema,
    /** The shopper's e-mail is not verified yet. */
    403: messageSchema,
    409: messageSchema,
    422: messageSchema,
    429: messageSchema,
  },
});
export const userOrdersEndpoint = endpoint({
  method: 'GET',
  path: '/api/orders/get-user-orders',
  responses: { 200: shownList(orderSchema, USER_ORDERS_MAX) },
});
export const trackOrderEndpoint = endpoint({
  method: 'POST',
  path: '/api/orders/track',
  body: trackOrderSchema,
  responses: { 200: z.object({ order: trackedOrderSchema }), 404: messageSchema },
});
export const orderEndpoint = endpoint({
  method: 'GET',
  path: '/api/orders/:orderId',
  params: orderIdParams,
  responses: { 200: orderAnswer, 404: messageSchema },
});
export const cancelOrderEndpoint = endpoint({
  method: 'POST',
  path: '/api/orders/:orderId/cancel',
  params: orderIdParams,
  responses: { 200: orderAnswer.extend({ message: shownText(MESSAGE_MAX) }), 404: messageSchema, 409: messageSchema },
});

export type CheckoutAddressInput = z.infer<typeof checkoutAddressSchema>;
export type CreateOrderInput = z.infer<typeof createOrderSchema>;
export type TrackOrderInput = z.infer<typeof trackOrderSchema>;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type { PaymentStatus };
export type OrderLine = z.infer<typeof orderLineShownSchema>;
export type OrderAddress = z.infer<typeof orderAddressSchema>;
export type StatusEvent = z.infer<typeof statusEventSchema>;
export type Order = z.infer<typeof orderSchema>;
export type TrackedOrder = z.infer<typeof trackedOrderSchema>;
export type Shipment = z.infer<typeof shipmentSchema>;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];
export type TrackingEntry = z.infer<typeof trackingEntrySchema>;
