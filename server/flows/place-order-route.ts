import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createOrderEndpoint } from '../../core/contracts/orders.ts';
import { signedIn, type ShopperHooks } from '../platform/auth/face.ts';
import { route } from '../platform/http/endpoint-route.ts';
import type { PlaceOrder } from './place-order.ts';

/** POST /api/orders/create-order: the placeOrder flow for the signed-in shopper. */
export const placeOrderRoutes: FastifyPluginAsyncZod<{ placeOrder: PlaceOrder; hooks: ShopperHooks }> = async (
  app,
  { placeOrder, hooks },
) => {
  route(app, createOrderEndpoint, {
    onRequest: hooks.requireShopper,
    schema: {
      tags: ['orders'],
      summary: 'Place an order. Prices and stock come from the database; an Idempotency-Key makes retries safe.',
      description:
        'A retry with the same key and request answers 200 with the first order; another request under a used ' +
        'key is 422. Cash on delivery above COD_MAX_RUPEES, or to a PIN no courier takes cash at, is 400, and so is ' +
        'any order to a PIN no courier serves (decision 0075); more than ORDERS_PER_HOUR attempts by one ' +
        'shopper in an hour is 429 with Retry-After.',
      security: [{ bearerAuth: [] }],
    },
    handler: async (request, reply) => {
      const { userId } = signedIn(request);
      const { orderId, created } = await placeOrder.run(userId, request.body, request.headers['idempotency-key']);
      return reply.code(created ? 201 : 200).send({ orderId });
    },
  });
};
