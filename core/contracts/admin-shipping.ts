/** Shipping orders through the courier from the back office (issue 34, decision 0077): one, many, labels, manifests. */
import { z } from './zod.ts';
import { messageSchema, shownText } from './fields.ts';
import { endpoint } from './endpoint.ts';
import { adminOrderSchema } from './admin-orders.ts';
import { orderIdParams, trackOrderSchema } from './orders.ts';

/** The most orders one bulk shipment takes. */
export const BULK_SHIPMENT_MAX = 50;
export const BULK_SHIPMENT_MESSAGE = `Choose between 1 and ${BULK_SHIPMENT_MAX} orders to ship.`;
/** Room for a courier's refusal in a bulk answer. */
const RESULT_MESSAGE_MAX = 1000;
/** A label or manifest: a PDF of a few pages. */
const PDF_MAX = 10_000_000;

const measure = (name: string, unit: string, max: number) =>
  z
    .number({ error: `${name} must be a number of ${unit}` })
    .positive(`${name} must be more than 0 ${unit}`)
    .max(max, `${name} must be at most ${max} ${unit}`)
    .optional();

/** The owner's own weight and sides of the parcel, each replacing what the order's items add up to. */
export const shipmentParcelSchema = z.object(
  {
    weightKg: measure('Weight', 'kg', 100),
    lengthCm: measure('Length', 'cm', 300),
    breadthCm: measure('Breadth', 'cm', 300),
    heightCm: measure('Height', 'cm', 300),
  },
  { error: 'Send the parcel as { weightKg, lengthCm, breadthCm, heightCm }, each optional' },
);

export const bulkShipmentSchema = z.object(
  {
    orderIds: z
      .array(trackOrderSchema.shape.orderId, { error: BULK_SHIPMENT_MESSAGE })
      .min(1, BULK_SHIPMENT_MESSAGE)
      .max(BULK_SHIPMENT_MAX, BULK_SHIPMENT_MESSAGE),
  },
  { error: BULK_SHIPMENT_MESSAGE },
);

export const bulkShipmentAnswerSchema = z.object({
  /** The manifest of the orders shipped; null when none was, or the courier made none (see `message`). */
  manifestId: z.uuid().nullable(),
  /** Why there is no manifest, when some orders shipped. */
  message: shownText(RESULT_MESSAGE_MAX).optional(),
  results: z
    .array(
      z.object({
        orderId: shownText(24),
        shipped: z.boolean(),
        /** Why it was not shipped. */
        message: shownText(RESULT_MESSAGE_MAX).optional(),
      }),
    )
    .meta({ maxItems: BULK_SHIPMENT_MAX }),
});

const pdf = z.string().meta({ format: 'binary', 'x-media-type': 'application/pdf', maxLength: PDF_MAX });
const adminErrors = { 400: messageSchema, 403: messageSchema };

/**
 * A confirmed or packed order shipped through Shiprocket: created, its AWB assigned, its pickup scheduled, then
 * packed and shipped. 502 when Shiprocket refuses or cannot be reached (a retry resumes); 409 for another status or
 * when Shiprocket is not set up.
 */
export const adminCreateShipmentEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/orders/:orderId/shipment',
  params: orderIdParams,
  body: shipmentParcelSchema.nullish(),
  responses: {
    200: z.object({ order: adminOrderSchema }),
    ...adminErrors,
    404: messageSchema,
    409: messageSchema,
    502: messageSchema,
  },
});

export const adminShipmentLabelEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/orders/:orderId/label',
  params: orderIdParams,
  responses: { 200: pdf, ...adminErrors, 404: messageSchema, 502: messageSchema },
});

export const adminBulkShipmentEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/shipments',
  body: bulkShipmentSchema,
  responses: { 200: bulkShipmentAnswerSchema, ...adminErrors, 409: messageSchema },
});

export const adminManifestEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/manifests/:manifestId',
  params: z.object({ manifestId: z.string().max(36).meta({ pattern: '^[0-9a-fA-F-]{1,36}$' }) }),
  responses: { 200: pdf, ...adminErrors, 404: messageSchema },
});

/** Whether orders ship through Shiprocket (or its local simulator), or by hand: what the back office offers. */
export const adminShippingSetupEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/shipping',
  responses: { 200: z.object({ courier: z.enum(['shiprocket', 'manual']) }), ...adminErrors },
});

export type ShipmentParcel = z.infer<typeof shipmentParcelSchema>;
export type BulkShipmentAnswer = z.infer<typeof bulkShipmentAnswerSchema>;
