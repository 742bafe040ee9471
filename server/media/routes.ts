import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../platform/http/errors.ts';
import { MediaService } from './service.ts';

const IMAGE_NOT_FOUND = 'Image not found';

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
      const { key } = request.params;
      const access = await media.access(key);
      // A hidden review photo (decision 0049): gone for everyone at once. Not kept, so showing it again is at once too.
      if (access === 'withheld') throw new HttpError(404, IMAGE_NOT_FOUND, { 'cache-control': 'no-store' });
      const body = await media.variant(key, Number(width), format, access);
      if (!body) throw new HttpError(404, IMAGE_NOT_FOUND);
      return reply
        .type(MediaService.contentType(format))
        .header('cache-control', MediaService.cacheControl(access))
        .send(body);
    },
  );
};
