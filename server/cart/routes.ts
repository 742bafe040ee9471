import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartEndpoint, mergeCartEndpoint, replaceCartEndpoint } from '../../core/contracts/cart.ts';
import { signedIn, type ShopperHooks } from '../platform/auth/face.ts';
import { route } from '../platform/http/endpoint-route.ts';
import type { CartService } from './service.ts';

interface CartRouteOptions {
  carts: CartService;
  hooks: ShopperHooks;
}

const security = [{ bearerAuth: [] }];
const tags = ['cart'];

/** GET, PUT and merge for a signed-in shopper's cart (decision 0013). */
export const cartRoutes: FastifyPluginAsyncZod<CartRouteOptions> = async (app, { carts, hooks }) => {
  // Every cart route is a signed-in shopper's: declared once for the lot.
  app.addHook('onRequest', hooks.requireShopper);
  const userId = (request: Parameters<typeof signedIn>[0]) => signedIn(request).userId;

  route(app, cartEndpoint, {
    schema: { tags, summary: "The signed-in shopper's cart, priced now", security },
    handler: async (request) => ({ cartItems: await carts.get(userId(request)) }),
  });

  route(app, replaceCartEndpoint, {
    schema: {
      tags,
      summary: 'Replace the cart with these lines',
      description:
        'Only `_id` and `quantity` are read. Unknown or sold-out products are left out and quantities are capped ' +
        'by stock; the answer is the cart as stored, priced from the catalogue.',
      security,
    },
    handler: async (request) => ({ cartItems: await carts.replace(userId(request), request.body.items) }),
  });

  route(app, mergeCartEndpoint, {
    schema: {
      tags,
      summary: "Add a guest's cart into the shopper's cart at sign-in",
      description:
        'Quantities of the same product add up, capped by stock. Only `_id` and `quantity` are read; ' +
        'unknown or sold-out products are left out.',
      security,
    },
    handler: async (request) => ({ cartItems: await carts.merge(userId(request), request.body.items) }),
  });
};
