/** The server cart's contract: the lines a signed-in shopper keeps (ids and quantities only). */
import { z } from './zod.ts';
import { MAX_CART_LINES } from '../constants.ts';
import { orderLineSchema } from './fields.ts';

export const cartLinesSchema = z.object({
  items: z.array(orderLineSchema).max(MAX_CART_LINES, `A cart can have at most ${MAX_CART_LINES} different products`),
});

export type CartLinesInput = z.infer<typeof cartLinesSchema>;
