import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRetryRefundEndpoint } from '../../core/contracts/admin-orders.ts';
import { actorOf } from '../platform/audit/actor.ts';
import type { AuditEntry, AuditTrail } from '../platform/audit/face.ts';
import type { OrderBook } from '../platform/orders/face.ts';
import { route } from '../platform/http/endpoint-route.ts';
import type { PaymentService } from './service.ts';

interface PaymentAdminRouteOptions {
  payments: PaymentService;
  orders: Pick<OrderBook, 'adminOrder'>;
  audit: Pick<AuditTrail, 'record'>;
}

/** The audit entry of an admin's retry of a refund the gateway failed, with the admin's reason for it. */
function refundRetryEntry(orderId: string, reason: string): AuditEntry {
  return {
    action: 'order.refund',
    targetType: 'order',
    targetId: orderId,
    before: { paymentStatus: 'refund_failed' },
    after: { paymentStatus: 'refund_pending' },
    reason,
  };
}

/** The back office's payment actions on an order: the retry of a refund the gateway failed (issue 22). */
export const paymentAdminRoutes: FastifyPluginAsyncZod<PaymentAdminRouteOptions> = async (
  app,
  { payments, orders, audit },
) => {
  route(app, adminRetryRefundEndpoint, {
    schema: {
      tags: ['admin'],
      summary: 'Retry a refund the gateway failed, with a reason: a new refund of the payment is sent',
      description:
        'Audited as order.refund with the reason; the shopper is mailed. An order whose refund did not fail is 409.',
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const { reason } = request.body;
      await payments.retryRefund(request.params.orderId, (tx, order) =>
        audit.record(tx, actor, refundRetryEntry(order.orderId, reason)),
      );
      return { order: await orders.adminOrder(request.params.orderId) };
    },
  });
};
