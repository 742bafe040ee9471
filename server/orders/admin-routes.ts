import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCancelOrderEndpoint,
  adminOrderEndpoint,
  adminOrdersCsvEndpoint,
  adminOrdersEndpoint,
  adminOrderStatusEndpoint,
  adminRetryRefundEndpoint,
  type OrderPaymentHistory,
} from '../../core/contracts/admin-orders.ts';
import { shipmentOf, type OrderStatus, type Shipment } from '../../core/contracts/orders.ts';
import { actorOf, type AuditLog } from '../audit/index.ts';
import { route } from '../http/endpoint-route.ts';
import type { Db } from '../db/client.ts';
import type { OrderService } from './service.ts';
import type { PaymentOrder } from './payment-state.ts';
import { refundRetryEntry } from './admin-audit.ts';

export interface AdminOrderRouteOptions {
  orders: OrderService;
  audit: Pick<AuditLog, 'search' | 'record'>;
  /** The payments module's record of an order (by its row id): given by the composition root, as payments uses orders. */
  paymentsOf: (orderRowId: string) => Promise<OrderPaymentHistory>;
  /**
   * The payments module's retry of an order's failed refund (by its public id), 409 when it has none; `alongside`
   * runs in its transaction with the order as it was. Given by the composition root, like paymentsOf.
   */
  retryRefund: (orderId: string, alongside: (tx: Db, order: PaymentOrder) => Promise<unknown>) => Promise<void>;
}

const tags = ['admin'];
const security = [{ adminCookie: [] }];
/** An order's audit entries shown on its page, newest first. */
const AUDIT_SHOWN = 100;

/** The back office's orders (issue 22); the admin guard in front of /api/admin refuses everyone but admins. */
export const adminOrderRoutes: FastifyPluginAsyncZod<AdminOrderRouteOptions> = async (
  app,
  { orders, audit, paymentsOf, retryRefund },
) => {
  /**
   * An admin's change of the order named in the path, a step forward or a cancellation (with its reason): the service
   * audits it and mails the shopper in the change's transaction. The answer is the order after it.
   */
  const changeOrder = async (
    request: FastifyRequest & { params: { orderId: string } },
    status: OrderStatus,
    { reason, shipment }: { reason?: string; shipment?: Shipment },
  ) => ({
    order: await orders.changeByAdmin(request.params.orderId, status, { actor: actorOf(request), reason }, shipment),
  });

  route(app, adminOrdersEndpoint, {
    schema: {
      tags,
      summary: 'Orders, newest first, by status, payment method and state, dates (India time), state or PIN, search',
      description: 'q finds an order by its id (whole, or the last 6 characters shown), an e-mail or a phone number.',
      security,
    },
    handler: async (request) => {
      actorOf(request);
      return orders.adminList(request.query);
    },
  });

  route(app, adminOrdersCsvEndpoint, {
    schema: { tags, summary: 'Every order matching the filters, as a CSV file', security },
    handler: async (request, reply) => {
      actorOf(request);
      const csv = await orders.adminCsv(request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .send(csv);
    },
  });

  route(app, adminOrderEndpoint, {
    schema: {
      tags,
      summary: 'One order: items, address, totals, timeline, shipment, payment attempts, events, refunds and audit',
      security,
    },
    handler: async (request) => {
      actorOf(request);
      const order = await orders.adminOrder(request.params.orderId);
      const [payments, entries] = await Promise.all([
        paymentsOf(order.id),
        audit.search({ targetType: 'order', targetId: order.orderId, limit: AUDIT_SHOWN }),
      ]);
      return {
        order,
        payments,
        audit: entries.map((entry) => ({
          at: entry.at.toISOString(),
          adminEmail: entry.adminEmail,
          action: entry.action,
          before: entry.before,
          after: entry.after,
          reason: entry.reason,
        })),
      };
    },
  });

  route(app, adminOrderStatusEndpoint, {
    schema: {
      tags,
      summary: 'Move an order one step forward; shipped needs the courier, tracking number and https tracking link',
      description: 'Audited as order.status, and mailed to the shopper. An invalid move is 409.',
      security,
    },
    handler: (request) => changeOrder(request, request.body.status, { shipment: shipmentOf(request.body) }),
  });

  route(app, adminCancelOrderEndpoint, {
    schema: {
      tags,
      summary: 'Cancel an order with a reason: its stock returns and a paid prepaid order is refunded',
      description: 'Audited as order.cancel with the reason; the shopper is mailed. A packed or later order is 409.',
      security,
    },
    handler: (request) => changeOrder(request, 'cancelled', { reason: request.body.reason }),
  });

  route(app, adminRetryRefundEndpoint, {
    schema: {
      tags,
      summary: 'Retry a refund the gateway failed, with a reason: a new refund of the payment is sent',
      description:
        'Audited as order.refund with the reason; the shopper is mailed. An order whose refund did not fail is 409.',
      security,
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const { reason } = request.body;
      await retryRefund(request.params.orderId, (tx, order) =>
        audit.record(tx, actor, refundRetryEntry(order.orderId, reason)),
      );
      return { order: await orders.adminOrder(request.params.orderId) };
    },
  });
};
