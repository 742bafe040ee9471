import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../http/errors.ts';
import type { CatalogService } from './service.ts';
import { productReviewSchema as reviewSchema, productSchema } from '../../core/contracts/catalog.ts';

// Ids are matched case-insensitively, as UUIDs are.
const productParams = z.object({ id: z.uuid('Invalid product id') });

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get(
    '/api/product/all-products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Every product, newest first',
        response: { 200: z.object({ products: z.array(productSchema) }) },
      },
    },
    async (request, reply) => {
      const { json, etag } = await catalog.listProductsJson();
      // The body was serialised once per catalogue change, so this reply skips the typed serializer.
      const raw = reply as FastifyReply;
      raw.header('etag', etag).header('cache-control', 'public, max-age=0, must-revalidate');
      if (request.headers['if-none-match'] === etag) return raw.code(304).send();
      return raw.type('application/json; charset=utf-8').send(json);
    },
  );

  app.get(
    '/api/product/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One product',
        params: productParams,
        response: { 200: z.object({ product: productSchema }) },
      },
    },
    async (request) => {
      const product = await catalog.getProduct(request.params.id.toLowerCase());
      if (!product) throw new HttpError(404, 'Product not found');
      return { product };
    },
  );

  app.get(
    '/api/product/:id/get-reviews',
    {
      schema: {
        tags: ['catalog'],
        summary: "A product's reviews, newest first",
        params: productParams,
        response: { 200: z.object({ reviews: z.array(reviewSchema) }) },
      },
    },
    async (request) => {
      const product = await catalog.getProduct(request.params.id.toLowerCase());
      if (!product) throw new HttpError(404, 'Product not found');
      return { reviews: await catalog.getReviews(product._id) };
    },
  );
};
