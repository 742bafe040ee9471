import { z } from 'zod';

const required = (label: string) => ({ error: `The ${label} field is required.` });
const text = (label: string) =>
  z
    .union([z.string(), z.number()], required(label))
    .transform(String)
    .refine((value) => value.trim() !== '', `The ${label} field is required.`);
const number = (label: string) =>
  z.coerce.number(required(label)).refine((value) => value > 0, `The ${label} must be greater than 0.`);

/** What POST /orders/create/adhoc requires, with Laravel's sentences as Shiprocket answers them. */
export const adhocOrderSchema = z
  .object({
    order_id: text('order id').refine((value) => value.length <= 50, 'The order id may not be greater than 50.'),
    order_date: text('order date').refine(
      (value) => /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(value),
      'The order date does not match the format Y-m-d.',
    ),
    pickup_location: text('pickup location'),
    billing_customer_name: text('billing customer name'),
    billing_address: text('billing address'),
    billing_city: text('billing city'),
    billing_pincode: text('billing pincode').refine(
      (value) => /^[1-9]\d{5}$/.test(value),
      'The billing pincode must be 6 digits.',
    ),
    billing_state: text('billing state'),
    billing_country: text('billing country'),
    billing_email: text('billing email').refine(
      (value) => z.email().safeParse(value).success,
      'The billing email must be a valid email address.',
    ),
    billing_phone: text('billing phone').refine(
      (value) => /^\d{10}$/.test(value),
      'The billing phone must be 10 digits.',
    ),
    shipping_is_billing: z.union([z.boolean(), z.number(), z.string()], required('shipping is billing')),
    order_items: z
      .array(
        z.object({
          name: text('order items name'),
          sku: text('order items sku'),
          units: z.coerce.number(required('order items units')).int().min(1),
          selling_price: z.coerce.number(required('order items selling price')).min(0),
        }),
        required('order items'),
      )
      .min(1, 'The order items field is required.'),
    payment_method: z.enum(['COD', 'Prepaid', 'cod', 'prepaid'], {
      error: 'The selected payment method is invalid.',
    }),
    sub_total: z.coerce.number(required('sub total')).min(0),
    length: number('length'),
    breadth: number('breadth'),
    height: number('height'),
    weight: number('weight'),
  })
  .loose();
export type AdhocOrder = z.infer<typeof adhocOrderSchema>;

/** The AWB the simulator's couriers give a shipment: derived from its id, 14 digits like Delhivery's. */
export const awbOf = (shipmentId: number, courierId: number) =>
  `${String(courierId).padStart(2, '0')}${String(shipmentId).padStart(12, '0')}`;
