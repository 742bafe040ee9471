import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrderEndpoint, adminOrdersCsvEndpoint, adminOrdersEndpoint } from '../../core/contracts/admin-orders.ts';
import { actorOf } from '../platform/audit/actor.ts';
import type { AuditTrail } from '../platform/audit/face.ts';
import { route } from '../platform/http/endpoint-route.ts';
import type { OrderService } from './service.ts';

export interface AdminOrderRouteOptions {
  orders: OrderService;
  audit: AuditTrail;
}

const tags = ['admin'];
/** An order's audit entries shown on its page, newest first. */
const AUDIT_SHOWN = 100;

/**
 * The back office's orders (issue 22): the list, the CSV and one order; moving one is the orderStatus flow's
 * (server/flows/order-status-routes.ts). The admin guard in front of /api/admin refuses everyone but admins.
 */
export const adminOrderRoutes: FastifyPluginAsyncZod<AdminOrderRouteOptions> = async (app, { orders, audit }) => {
  route(app, adminOrdersEndpoint, {
    schema: {
      tags,
      summary: 'Orders, newest first, by status, payment method and state, dates (India time), state or PIN, search',
      description: 'q finds an order by its id (whole, or the last 6 characters shown), an e-mail or a phone number.',
    },
    handler: async (request) => {
      actorOf(request);
      return orders.adminList(request.query);
    },
  });

  route(app, adminOrdersCsvEndpoint, {
    schema: { tags, summary: 'Every order matching the filters, as a CSV file' },
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
    },
    handler: async (request) => {
      actorOf(request);
      const order = await orders.adminOrder(request.params.orderId);
      const [payments, entries] = await Promise.all([
        orders.paymentHistoryOf(order.id),
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
};
