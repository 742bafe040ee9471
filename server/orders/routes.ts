import { messageSchema } from '../../core/contracts/fields.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ORDER_STATUSES,
  createOrderSchema,
  orderSchema,
  trackOrderSchema,
  trackedOrderSchema,
} from '../../core/contracts/orders.ts';
import { signedIn, type AttemptLimit, type ShopperHooks } from '../auth/index.ts';
import type { OrderService } from './service.ts';
import type { PlaceOrder } from './place-order.ts';

interface OrderRouteOptions {
  orders: OrderService;
  placeOrder: PlaceOrder;
  hooks: ShopperHooks;
  limit: AttemptLimit;
}

const security = [{ bearerAuth: [] }];
// The tracking form's rules (no control characters); the service then checks the id's shape before any query.
const orderIdParams = z.object({ orderId: trackOrderSchema.shape.orderId });
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, 'Idempotency-Key must not be empty')
    .max(200, 'Idempotency-Key must be at most 200 characters')
    .optional(),
});

export const orderRoutes: FastifyPluginAsyncZod<OrderRouteOptions> = async (
  app,
  { orders, placeOrder, hooks, limit },
) => {
  const shopper = { onRequest: hooks.requireShopper };

  app.post(
    '/api/orders/create-order',
    {
      ...shopper,
      schema: {
        tags: ['orders'],
        summary: 'Place an order. Prices and stock come from the database; an Idempotency-Key makes retries safe.',
        description:
          'A retry with the same key and request answers 200 with the first order; another request under a used ' +
          'key is 422. Cash on delivery above COD_MAX_RUPEES is 400; more than ORDERS_PER_HOUR attempts by one ' +
          'shopper in an hour is 429 with Retry-After.',
        security,
        headers: idempotencyHeaders,
        body: createOrderSchema,
        response: {
          200: z.object({ orderId: z.string() }),
          201: z.object({ orderId: z.string() }),
          400: messageSchema,
          409: messageSchema,
          422: messageSchema,
          429: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = signedIn(request);
      const { orderId, created } = await placeOrder.run(userId, request.body, request.headers['idempotency-key']);
      return reply.code(created ? 201 : 200).send({ orderId });
    },
  );

  app.get(
    '/api/orders/get-user-orders',
    {
      ...shopper,
      schema: {
        tags: ['orders'],
        summary: "The signed-in shopper's orders, newest first",
        security,
        response: { 200: z.array(orderSchema) },
      },
    },
    async (request) => orders.listForUser(signedIn(request).userId),
  );

  app.post(
    '/api/orders/track',
    {
      schema: {
        tags: ['orders'],
        summary: 'Track an order by its id and the e-mail it was placed with',
        body: trackOrderSchema,
        response: { 200: z.object({ order: trackedOrderSchema }), 404: messageSchema },
      },
      preHandler: (request) => limit('track-order', request),
    },
    async (request) => ({ order: await orders.track(request.body.orderId, request.body.email) }),
  );

  app.get(
    '/api/orders/:orderId',
    {
      ...shopper,
      schema: {
        tags: ['orders'],
        summary: "One of the signed-in shopper's orders",
        security,
        params: orderIdParams,
        response: { 200: z.object({ order: orderSchema }), 404: messageSchema },
      },
    },
    async (request) => ({
      order: await orders.getForUser(signedIn(request).userId, request.params.orderId),
    }),
  );

  app.post(
    '/api/orders/:orderId/cancel',
    {
      ...shopper,
      schema: {
        tags: ['orders'],
        summary: 'Cancel an order within 24 hours, before it is packed; its stock returns',
        security,
        params: orderIdParams,
        response: { 200: z.object({ order: orderSchema, message: z.string() }), 409: messageSchema },
      },
    },
    async (request) => ({
      order: await orders.cancelForUser(signedIn(request).userId, request.params.orderId),
      message: 'Your order has been cancelled.',
    }),
  );

  app.post(
    '/api/orders/:orderId/status',
    {
      onRequest: hooks.requireRole('admin', 'Only shop staff can change an order status'),
      schema: {
        tags: ['orders'],
        summary: 'Move an order to its next status (shop staff only)',
        security,
        params: orderIdParams,
        body: z.object({ status: z.enum(ORDER_STATUSES, { error: 'Unknown order status' }) }),
        response: { 200: z.object({ order: orderSchema }), 403: messageSchema, 409: messageSchema },
      },
    },
    async (request) => ({ order: await orders.advance(request.params.orderId, request.body.status) }),
  );
};
