import { z } from 'zod';
import { checkoutAddressSchema, createOrderSchema } from '../../core/contracts/orders';

/** The age checkbox's value while ticked (the form kit holds every field as a string: '' while not ticked). */
export const AGE_CONFIRMED = 'true';

/**
 * What the checkout form checks: the address, and the confirmation that the shopper is 18 or older (spec section
 * 1), with the order contract's own rule and message, read from the checkbox.
 */
export const checkoutFormSchema = checkoutAddressSchema.extend({
  ageConfirmed: z.preprocess((ticked) => ticked === AGE_CONFIRMED, createOrderSchema.shape.ageConfirmed),
});
