import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../http/errors.ts';
import { route } from '../http/endpoint-route.ts';
import type { CatalogService } from './service.ts';
import { productEndpoint, productListEndpoint } from '../../core/contracts/catalog.ts';

const tags = ['catalog'];

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  route(app, productListEndpoint, {
    schema: { tags, summary: 'Every product, newest first' },
    handler: async (request, reply) => {
      const { json, etag } = await catalog.listProductsJson();
      // The body was serialised once per catalogue change, so this reply skips the typed serializer.
      const raw = reply as FastifyReply;
      raw.header('etag', etag).header('cache-control', 'public, max-age=0, must-revalidate');
      if (request.headers['if-none-match'] === etag) return raw.code(304).send();
      return raw.type('application/json; charset=utf-8').send(json);
    },
  });

  route(app, productEndpoint, {
    schema: { tags, summary: 'One product' },
    handler: async (request) => {
      const product = await catalog.getProduct(request.params.id.toLowerCase());
      if (!product) throw new HttpError(404, 'Product not found');
      return { product };
    },
  });
  // A product's reviews are the reviews module's routes (server/reviews).
};
