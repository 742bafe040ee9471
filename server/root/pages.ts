// Every path but /api/*: the browser's files and the storefront's pages, rendered by React Router (decision 0005).
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { storefront } from '../platform/http/storefront.ts';
import { inProcessApi } from '../platform/http/in-process-api.ts';
import { storefrontPolicy } from '../platform/http/content-security-policy.ts';
import type { ConnectMiddleware } from '../platform/http/dev-storefront.ts';
import { startPageCache } from '../platform/http/page-cache/setup.ts';
import { answerFromPageCache } from '../platform/http/page-cache/fast-path.ts';
import type { FastPath } from '../platform/http/fast-paths.ts';
import { httpObservers } from '../platform/metrics/face.ts';
import { ADMIN_COOKIE, type AdminService } from '../admin/index.ts';
import type { Services } from './services.ts';
import type { StorefrontContext } from '../../core/storefront.ts';

export interface PageOptions {
  /** The React Router server build; without it only the API and media are served (API tests). */
  storefrontBuild?: ServerBuild | (() => Promise<ServerBuild>);
  /** Development: Vite's middleware, in front of the storefront. */
  devMiddleware?: ConnectMiddleware;
  /** build/client, served as static files. */
  clientDir?: string;
}

/** The back office for page loaders: a request's viewer, from its `admin_session` cookie's session at any stage. */
export function pageAdmin(admin: AdminService): StorefrontContext['admin'] {
  return {
    async viewer(request) {
      const cookies = cookie.parse(request.headers.get('cookie') ?? '');
      const session = await admin.session(cookies[ADMIN_COOKIE]);
      if (!session) return null;
      const { email, role, stage, csrfToken } = session;
      return { email, role, stage, csrfToken };
    },
  };
}

/**
 * Serves the browser's files and the pages; `fastPaths` gets the page cache's, which answers cached pages before
 * Fastify sees them (decision 0038).
 */
export async function mountPages(
  app: FastifyInstance,
  services: Services,
  options: PageOptions,
  { securityHeaders, fastPaths }: { securityHeaders: Record<string, string>; fastPaths: FastPath[] },
): Promise<void> {
  const { config } = services;
  if (options.clientDir) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      wildcard: false,
      preCompressed: true,
      setHeaders(response, filePath) {
        const immutable = filePath.includes('/assets/');
        response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  if (!options.storefrontBuild) return;
  const pageCache = options.devMiddleware
    ? undefined
    : startPageCache(app, {
        megabytes: config.PAGE_CACHE_MB,
        onChange: (listener) => services.catalog.onChange(listener),
        origin: services.origin,
      });
  const contentSecurityPolicy = storefrontPolicy(config, { hotReload: Boolean(options.devMiddleware) });
  if (pageCache) {
    // Its hits and misses, as the metrics count them (decision 0066).
    for (const observer of services.assembly.contributions(httpObservers))
      observer.pageCache(() => pageCache.cache.stats());
    const { 'content-security-policy': _apiPolicy, ...storefrontHeaders } = securityHeaders;
    const cached = { ...pageCache, securityHeaders: storefrontHeaders, contentSecurityPolicy };
    fastPaths.unshift((request, response) => answerFromPageCache(cached, request, response));
  }
  await app.register(storefront, {
    build: options.storefrontBuild,
    devMiddleware: options.devMiddleware,
    mode: options.devMiddleware ? 'development' : 'production',
    pageCache,
    context: {
      catalog: services.catalog,
      shop: services.shop,
      origin: services.origin,
      googleClientId: config.GOOGLE_CLIENT_ID ?? null,
      paymentScriptUrl: services.paymentSetup.scriptUrl,
      paymentPayPageOrigins: services.paymentSetup.payPageOrigins,
      admin: pageAdmin(services.admin),
      api: inProcessApi(app),
    },
    contentSecurityPolicy,
  });
}
