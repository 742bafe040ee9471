import type { FastifyPluginAsync } from 'fastify';
import { createRequest, sendResponse } from '@mjackson/node-fetch-server';
import type { ConnectMiddleware } from './dev-storefront.ts';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import type { StorefrontContext } from '../../../core/storefront.ts';
import {
  cachedPageAnswer,
  sendCachedPage,
  renderForCache,
  PAGES_ROUTE,
  type StorefrontPageCache,
} from './page-cache/storefront-pages.ts';
import { newNonce } from './nonce.ts';

export interface StorefrontOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Handed to every loader and action, with this response's `cspNonce` added. */
  context: Omit<StorefrontContext, 'cspNonce'>;
  /** The Content-Security-Policy for a response whose scripts carry the given nonce. */
  contentSecurityPolicy: (nonce: string) => string;
  mode: string;
  /** Development only: Vite's middleware answers module and asset requests before React Router sees them. */
  devMiddleware?: ConnectMiddleware;
  /** Anonymous pages kept in memory (decision 0038); none in development, where the code changes under it. */
  pageCache?: StorefrontPageCache;
}

/**
 * Every path outside /api/* goes to the React Router app. Encapsulated so that removing the body parsers
 * here leaves request bodies unread for route actions, without touching the API's JSON parsing.
 */
export const storefront: FastifyPluginAsync<StorefrontOptions> = async (
  app,
  { build, context, contentSecurityPolicy, mode, devMiddleware, pageCache },
) => {
  const handle = createRequestHandler(build, mode);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: PAGES_ROUTE,
    schema: { hide: true },
    handler: async (request, reply) => {
      const cspNonce = newNonce();
      const cacheKey = request.method === 'GET' || request.method === 'HEAD' ? pageCache?.keyOf(request.url) : null;
      if (pageCache && !devMiddleware && cacheKey) {
        const answer = await pageCache.cache.get(cacheKey, () =>
          renderForCache(handle, context, pageCache.placeholder, cacheKey),
        );
        const { 'if-none-match': ifNoneMatch, 'accept-encoding': acceptEncoding } = request.headers;
        return sendCachedPage(
          reply,
          answer,
          cachedPageAnswer(answer.page, { ifNoneMatch, acceptEncoding }, cspNonce, contentSecurityPolicy),
        );
      }
      // On the raw response, so it holds whether Fastify or Vite's middleware answers; it replaces helmet's.
      reply.raw.setHeader('content-security-policy', contentSecurityPolicy(cspNonce));
      const loadContext: AppLoadContext = { ...context, cspNonce, clientAddress: request.raw.socket.remoteAddress };
      if (devMiddleware) {
        reply.hijack();
        const handledByVite = await new Promise<boolean>((resolve) => {
          reply.raw.once('finish', () => resolve(true));
          devMiddleware(request.raw, reply.raw, () => resolve(false));
        });
        if (!handledByVite)
          await sendResponse(reply.raw, await handle(createRequest(request.raw, reply.raw), loadContext));
        return;
      }
      const response = await handle(createRequest(request.raw, reply.raw), loadContext);
      return reply.send(response);
    },
  });
};
