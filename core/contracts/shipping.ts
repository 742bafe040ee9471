/**
 * The shipping module's contract (issue 34): the PIN directory's look-up, which checkout and the account's address
 * form call to fill city and state as a PIN is typed (decision 0070).
 */
import { z } from './zod.ts';
import { PINCODE_DIGITS } from '../constants.ts';
import { ANY_TEXT, messageSchema, shownList, shownText } from './fields.ts';
import { endpoint } from './endpoint.ts';
import { DELIVERY_MESSAGES } from '../delivery.ts';

/** Indian PIN codes are six digits, the first (the postal zone) 1 to 9. */
const PIN = new RegExp(`^[1-9]\\d{${PINCODE_DIGITS - 1}}$`);

export const PIN_MESSAGES = {
  invalid: `A PIN code is ${PINCODE_DIGITS} digits and does not start with 0.`,
  unknown: 'We could not find this PIN code. Please check it, or enter your city and state.',
} as const;

/** Whether `value` looks like a PIN the directory could know, as the server checks it. */
export const isPinShaped = (value: string) => PIN.test(value);

/** The most districts or states one PIN spans is a handful; the lists are bounded for the document. */
const MAX_SPANNED = 50;
const NAME_MAX = 100;

const pinAnswerSchema = z.object({
  pin: z.string().meta({ pattern: PIN.source, maxLength: PINCODE_DIGITS }),
  /** Every district the PIN's post offices lie in, alphabetically; the first is the one a form fills in. */
  districts: shownList(shownText(NAME_MAX), MAX_SPANNED),
  /** Every state it spans, named as today, with its GST state code. */
  states: shownList(
    z.object({ name: shownText(NAME_MAX), gstCode: z.string().meta({ pattern: '^\\d{2}$', maxLength: 2 }) }),
    MAX_SPANNED,
  ),
});
export type PinAnswer = z.output<typeof pinAnswerSchema>;

export const pincodeEndpoint = endpoint({
  method: 'GET',
  path: '/api/pincode/:pin',
  params: z.object({ pin: z.string().max(PINCODE_DIGITS, PIN_MESSAGES.invalid).regex(PIN, PIN_MESSAGES.invalid) }),
  responses: { 200: pinAnswerSchema, 400: messageSchema, 404: messageSchema },
});

// What the product page, checkout and `POST /api/orders/create-order` say of a PIN's delivery (issue 34).
export { DELIVERY_MESSAGES };

const deliveryEstimateSchema = z.object({
  /** Whether any courier delivers a parcel from the shop's pickup PIN to this one. */
  serviceable: z.boolean(),
  /** Whether one of them takes cash on delivery there. */
  cod: z.boolean(),
  /** The earliest date a courier gives, in India (`YYYY-MM-DD`); null when none gives one or none serves it. */
  estimatedDeliveryDate: z.string().meta({ format: 'date', maxLength: 10 }).nullable(),
});
export type DeliveryEstimate = z.output<typeof deliveryEstimateSchema>;

export const deliveryEstimateEndpoint = endpoint({
  method: 'GET',
  path: '/api/shipping/estimate',
  querystring: z.object({
    pin: z
      .string({ error: PIN_MESSAGES.invalid })
      .max(PINCODE_DIGITS, PIN_MESSAGES.invalid)
      .regex(PIN, PIN_MESSAGES.invalid),
    /** The product whose one unit is the parcel; without it, the shop's default parcel (0.5 kg, 20 × 15 × 10 cm). */
    productId: z.uuid({ error: DELIVERY_MESSAGES.productNotFound }).optional(),
  }),
  responses: { 200: deliveryEstimateSchema, 400: messageSchema, 404: messageSchema },
});

/** A tracking webhook body larger than this is refused with 413: Shiprocket's are a few kilobytes. */
export const MAX_TRACKING_WEBHOOK_BYTES = 64 * 1024;

export const TRACKING_WEBHOOK_MESSAGES = {
  unauthorized: 'Unauthorized',
  tooLarge: `A tracking webhook body is at most ${MAX_TRACKING_WEBHOOK_BYTES / 1024} KB`,
  notAnObject: 'A tracking webhook body is a JSON object',
} as const;

// Shiprocket's own texts and numbers: any characters, only their length is checked; an id may come as either.
const courierText = (max: number) => z.string().max(max).regex(ANY_TEXT).nullish();
const courierNumber = z.union([z.number(), courierText(20)]);

/**
 * Shiprocket's tracking webhook (issue 34, decision 0074), parsed leniently: every field may be missing, and fields
 * it does not list are kept as sent (the inbox stores the whole body). The job queue reads the AWB, the status id
 * and the scan time from it; a body without them is kept and ignored (Shiprocket's dashboard tests the URL with
 * bodies of its own). A body that is not an object, or a listed field of another type, is 400.
 */
export const trackingWebhookSchema = z.object(
  {
    awb: courierNumber.nullish(),
    courier_name: courierText(200),
    current_status: courierText(200),
    current_status_id: courierNumber.nullish(),
    shipment_status: courierText(200),
    shipment_status_id: courierNumber.nullish(),
    /** India time, `23 05 2023 11:43:52`. */
    current_timestamp: courierText(40),
    order_id: courierText(200),
    sr_order_id: courierNumber.nullish(),
    etd: courierText(40),
    scans: z
      .array(
        z.object({
          /** India time, `2023-05-19 11:59:16`. */
          date: courierText(40),
          status: courierText(200),
          activity: courierText(1000),
          location: courierText(1000),
          'sr-status': courierNumber.nullish(),
          'sr-status-label': courierText(200),
        }),
      )
      .max(500)
      .nullish(),
    is_return: courierNumber.nullish(),
  },
  { error: TRACKING_WEBHOOK_MESSAGES.notAnObject },
);

export const trackingWebhookEndpoint = endpoint({
  method: 'POST',
  path: '/api/shipping/tracking',
  body: trackingWebhookSchema,
  responses: {
    200: z.object({ received: z.boolean() }),
    400: messageSchema,
    401: messageSchema,
    413: messageSchema,
    /** An address that keeps sending a wrong key (the general limit leaves this route alone, decision 0078). */
    429: messageSchema,
  },
});
