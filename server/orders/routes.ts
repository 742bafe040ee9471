import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderEndpoint, trackOrderEndpoint, userOrdersEndpoint } from '../../core/contracts/orders.ts';
import { signedIn, type AttemptLimit, type ShopperHooks } from '../platform/auth/face.ts';
import { route } from '../platform/http/endpoint-route.ts';
import type { OrderService } from './service.ts';

interface OrderRouteOptions {
  orders: OrderService;
  hooks: ShopperHooks;
  limit: AttemptLimit;
}

const tags = ['orders'];
const security = [{ bearerAuth: [] }];

export const orderRoutes: FastifyPluginAsyncZod<OrderRouteOptions> = async (app, { orders, hooks, limit }) => {
  const shopper = { onRequest: hooks.requireShopper };

  route(app, userOrdersEndpoint, {
    ...shopper,
    schema: { tags, summary: "The signed-in shopper's orders, newest first", security },
    handler: async (request) => orders.listForUser(signedIn(request).userId),
  });

  route(app, trackOrderEndpoint, {
    schema: { tags, summary: 'Track an order by its id and the e-mail it was placed with' },
    preHandler: (request) => limit('track-order', request),
    handler: async (request) => ({ order: await orders.track(request.body.orderId, request.body.email) }),
  });

  route(app, orderEndpoint, {
    ...shopper,
    schema: { tags, summary: "One of the signed-in shopper's orders", security },
    handler: async (request) => ({
      order: await orders.getForUser(signedIn(request).userId, request.params.orderId),
    }),
  });
};
