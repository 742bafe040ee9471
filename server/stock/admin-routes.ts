import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../platform/http/endpoint-route.ts';
import { actorOf } from '../platform/audit/actor.ts';
import type { StockService } from './service.ts';
import {
  adjustStockEndpoint,
  lowStockEndpoint,
  lowStockThresholdEndpoint,
  stockMovementsEndpoint,
} from '../../core/contracts/admin-stock.ts';

const tags = ['admin'];

/** The back office's stock routes (decision 0034); the admin guard refuses everyone but admins before these run. */
export const stockAdminRoutes: FastifyPluginAsyncZod<{ stock: StockService }> = async (app, { stock }) => {
  route(app, adjustStockEndpoint, {
    schema: {
      tags,
      summary: "Adjust a product's stock by a signed change, with a reason (audited)",
      description: 'Writes an `adjustment` movement; a change that would take the stock below 0 is refused (409).',
    },
    handler: (request) => stock.adjustStock(actorOf(request), request.params.productId, request.body),
  });

  route(app, lowStockThresholdEndpoint, {
    schema: {
      tags,
      summary: "Set a product's low-stock threshold; null follows LOW_STOCK_THRESHOLD (audited)",
    },
    handler: (request) =>
      stock.setLowStockThreshold(actorOf(request), request.params.productId, request.body.threshold),
  });

  route(app, stockMovementsEndpoint, {
    schema: { tags, summary: "A product's stock movements, newest first, paged with `before`" },
    handler: async (request) => {
      actorOf(request);
      return stock.stockMovements(request.params.productId, request.query);
    },
  });

  route(app, lowStockEndpoint, {
    schema: { tags, summary: 'Products at or below their low-stock threshold, lowest stock first' },
    handler: async (request) => {
      actorOf(request);
      return { products: await stock.lowStock(request.query.limit) };
    },
  });
};
