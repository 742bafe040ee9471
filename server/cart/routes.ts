import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cartLinesSchema } from '../../core/contracts/cart.ts';
import { signedIn, type ShopperHooks } from '../auth/index.ts';
import type { CartService } from './service.ts';

interface CartRouteOptions {
  carts: CartService;
  hooks: ShopperHooks;
}

/** A cart line as the storefront keeps it (core/cart.ts CartItem); prices in rupees, from the catalogue now. */
const cartItemSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  slug: z.string().optional(),
  price: z.number(),
  image: z.array(z.string()),
  countInStock: z.number().int(),
  quantity: z.number().int(),
});
const cartResponse = { 200: z.object({ cartItems: z.array(cartItemSchema) }) };
const security = [{ bearerAuth: [] }];
const tags = ['cart'];

/** GET, PUT and merge for a signed-in shopper's cart (decision 0013). */
export const cartRoutes: FastifyPluginAsyncZod<CartRouteOptions> = async (app, { carts, hooks }) => {
  // Every cart route is a signed-in shopper's: declared once for the lot.
  app.addHook('onRequest', hooks.requireShopper);
  const userId = (request: Parameters<typeof signedIn>[0]) => signedIn(request).userId;

  app.get(
    '/api/cart',
    { schema: { tags, summary: "The signed-in shopper's cart, priced now", security, response: cartResponse } },
    async (request) => ({ cartItems: await carts.get(userId(request)) }),
  );

  app.put(
    '/api/cart',
    {
      schema: {
        tags,
        summary: 'Replace the cart with these lines',
        description:
          'Only `_id` and `quantity` are read. Unknown or sold-out products are left out and quantities are capped ' +
          'by stock; the answer is the cart as stored, priced from the catalogue.',
        security,
        body: cartLinesSchema,
        response: cartResponse,
      },
    },
    async (request) => ({ cartItems: await carts.replace(userId(request), request.body.items) }),
  );

  app.post(
    '/api/cart/merge',
    {
      schema: {
        tags,
        summary: "Add a guest's cart into the shopper's cart at sign-in",
        description:
          'Quantities of the same product add up, capped by stock. Only `_id` and `quantity` are read; ' +
          'unknown or sold-out products are left out.',
        security,
        body: cartLinesSchema,
        response: cartResponse,
      },
    },
    async (request) => ({ cartItems: await carts.merge(userId(request), request.body.items) }),
  );
};
