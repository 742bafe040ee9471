import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../http/errors.ts';
import { IMMUTABLE, MediaService } from './service.ts';

export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService }> = async (app, { media }) => {
  app.get(
    '/media/:key/:variant',
    {
      schema: {
        hide: true,
        params: z.object({
          key: z.string().regex(/^[0-9a-f]{24}$/, 'Unknown image'),
          variant: z.string().regex(/^\d{2,4}\.(webp|avif)$/, 'Unknown image size'),
        }),
      },
    },
    async (request, reply) => {
      const [width, format] = request.params.variant.split('.') as [string, string];
      if (!MediaService.isValidVariant(Number(width), format)) throw new HttpError(404, 'Unknown image size');
      const body = await media.variant(request.params.key, Number(width), format);
      if (!body) throw new HttpError(404, 'Image not found');
      return reply.type(MediaService.contentType(format)).header('cache-control', IMMUTABLE).send(body);
    },
  );
};
