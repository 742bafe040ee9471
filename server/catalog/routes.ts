import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../platform/http/errors.ts';
import { route } from '../platform/http/endpoint-route.ts';
import { sendEncodedJson } from '../platform/http/encoded-json.ts';
import type { CatalogService } from './service.ts';
import { productEndpoint, productListEndpoint } from '../../core/contracts/catalog.ts';

const tags = ['catalog'];

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  route(app, productListEndpoint, {
    schema: { tags, summary: 'Every product, newest first' },
    // Serialised and compressed once per catalogue change, so this reply skips the typed serializer.
    handler: async (request, reply) =>
      sendEncodedJson(request, reply as FastifyReply, await catalog.listProductsAnswer()),
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
