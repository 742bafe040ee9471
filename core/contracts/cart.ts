/** The server cart's contract: the lines a signed-in shopper keeps (ids and quantities only). */
import { z } from './zod.ts';
import { MAX_CART_LINES } from '../constants.ts';
import { MAX, orderLineSchema, shownList, shownText } from './fields.ts';
import { PRODUCT_LIMITS } from './catalog.ts';
import { endpoint } from './endpoint.ts';

export const cartLinesSchema = z.object({
  items: z.array(orderLineSchema).max(MAX_CART_LINES, `A cart can have at most ${MAX_CART_LINES} different products`),
});

/** A cart line as the storefront keeps it (spec section 3); the server prices it from the catalogue, in rupees. */
export const cartItemSchema = z.object({
  _id: z.uuid(),
  title: shownText(MAX.title),
  slug: shownText(MAX.line).optional(),
  price: z.number(),
  image: shownList(shownText(MAX.url), PRODUCT_LIMITS.images),
  countInStock: z.number().int(),
  quantity: z.number().int(),
});

/** The server's cart after each call: as stored, priced now. */
const cartSchema = z.object({ cartItems: shownList(cartItemSchema, MAX_CART_LINES) });

export const cartEndpoint = endpoint({ method: 'GET', path: '/api/cart', responses: { 200: cartSchema } });
export const replaceCartEndpoint = endpoint({
  method: 'PUT',
  path: '/api/cart',
  body: cartLinesSchema,
  responses: { 200: cartSchema },
});
/** At sign-in: the guest's lines are added into the account's cart. */
export const mergeCartEndpoint = endpoint({
  method: 'POST',
  path: '/api/cart/merge',
  body: cartLinesSchema,
  responses: { 200: cartSchema },
});

export type CartLinesInput = z.infer<typeof cartLinesSchema>;
export type CartItem = z.infer<typeof cartItemSchema>;
