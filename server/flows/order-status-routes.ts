import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { cancelOrderEndpoint, shipmentOf, type OrderStatus, type Shipment } from '../../core/contracts/orders.ts';
import { adminCancelOrderEndpoint, adminOrderStatusEndpoint } from '../../core/contracts/admin-orders.ts';
import { signedIn, type ShopperHooks } from '../platform/auth/face.ts';
import { actorOf } from '../platform/audit/actor.ts';
import { route } from '../platform/http/endpoint-route.ts';
import type { OrderStatusFlow } from './order-status.ts';

/** POST /api/orders/:orderId/cancel: the orderStatus flow's cancelOrder for the signed-in shopper. */
export const orderStatusRoutes: FastifyPluginAsyncZod<{ orderStatus: OrderStatusFlow; hooks: ShopperHooks }> = async (
  app,
  { orderStatus, hooks },
) => {
  route(app, cancelOrderEndpoint, {
    onRequest: hooks.requireShopper,
    schema: {
      tags: ['orders'],
      summary: 'Cancel an order within 24 hours, before it is packed; its stock returns',
      security: [{ bearerAuth: [] }],
    },
    handler: async (request) => ({
      order: await orderStatus.cancelForUser(signedIn(request).userId, request.params.orderId),
      message: 'Your order has been cancelled.',
    }),
  });
};

const tags = ['admin'];

/**
 * The back office's status changes (issue 22): a step forward, or a cancellation with its reason. Registered in the
 * admin guard's scope, which refuses everyone but admins.
 */
export const adminOrderStatusRoutes: FastifyPluginAsyncZod<{ orderStatus: OrderStatusFlow }> = async (
  app,
  { orderStatus },
) => {
  /**
   * An admin's change of the order named in the path, a step forward or a cancellation (with its reason): the flow
   * audits it and mails the shopper in the change's transaction. The answer is the order after it.
   */
  const changeOrder = async (
    request: FastifyRequest & { params: { orderId: string } },
    status: OrderStatus,
    { reason, shipment }: { reason?: string; shipment?: Shipment },
  ) => ({
    order: await orderStatus.changeByAdmin(
      request.params.orderId,
      status,
      { actor: actorOf(request), reason },
      shipment,
    ),
  });

  route(app, adminOrderStatusEndpoint, {
    schema: {
      tags,
      summary: 'Move an order one step forward; shipped needs the courier, tracking number and https tracking link',
      description: 'Audited as order.status, and mailed to the shopper. An invalid move is 409.',
    },
    handler: (request) => changeOrder(request, request.body.status, { shipment: shipmentOf(request.body) }),
  });

  route(app, adminCancelOrderEndpoint, {
    schema: {
      tags,
      summary: 'Cancel an order with a reason: its stock returns and a paid prepaid order is refunded',
      description: 'Audited as order.cancel with the reason; the shopper is mailed. A packed or later order is 409.',
    },
    handler: (request) => changeOrder(request, 'cancelled', { reason: request.body.reason }),
  });
};
