import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthEndpoint } from '../core/contracts/operations.ts';
import type { ServerBuild } from 'react-router';
import { servesLocalConveniences } from './config.ts';
import { installErrorHandling } from './http/errors.ts';
import { AnsweredRequestLog } from './http/logger.ts';
import { onlyFromThisMachine } from './http/client-ip.ts';
import { storefront } from './http/storefront.ts';
import { inProcessApi } from './http/in-process-api.ts';
import { useSecurityHeaders } from './http/security-headers.ts';
import { API_POLICY, apiDocsPolicy, localOrigins, storefrontPolicy } from './http/content-security-policy.ts';
import { route } from './http/endpoint-route.ts';
import { openApiOptions } from './http/openapi.ts';
import { installApiRateLimit } from './http/api-rate-limit.ts';
import type { ConnectMiddleware } from './http/dev-storefront.ts';
import { catalogAdminRoutes, catalogRoutes, productAdminRoutes } from './catalog/index.ts';
import { mediaRoutes } from './media/index.ts';
import { authRoutes, emailLinkRoutes, REFRESH_COOKIE, shopperHooks } from './auth/index.ts';
import { cartRoutes } from './cart/index.ts';
import { wishlistRoutes } from './wishlist/index.ts';
import { contactAdminRoutes, contactRoutes } from './contact/index.ts';
import { reviewAdminRoutes, reviewRoutes } from './reviews/index.ts';
import { devMailboxRoutes, LocalMailbox } from './mail/index.ts';
import { adminApi, ADMIN_COOKIE, type AdminService } from './admin/index.ts';
import { analyticsAdminRoutes, analyticsRoutes } from './analytics/index.ts';
import { auditAdminRoutes } from './audit/index.ts';
import {
  dashboardAdminRoutes,
  lowStockSection,
  ordersSection,
  unreadMessagesSection,
  webVitalsSection,
} from './dashboard/index.ts';
import { adminOrderRoutes, orderRoutes } from './orders/index.ts';
import { paymentRoutes, SIMULATOR_PATH } from './payments/index.ts';
import { simulatorRoutes } from './phonepe-simulator/index.ts';
import type { Services } from './services.ts';
import { startPageCache } from './http/page-cache/setup.ts';
import { answerFromPageCache, type PageCacheFastPath } from './http/page-cache/fast-path.ts';
import { writeEncodedJson } from './http/encoded-json.ts';
import { productListEndpoint } from '../core/contracts/catalog.ts';
import type { StorefrontContext } from '../core/storefront.ts';

export interface ServerOptions {
  /** The React Router server build; without it only the API and media are served (API tests). */
  storefrontBuild?: ServerBuild | (() => Promise<ServerBuild>);
  /** Development: Vite's middleware, in front of the storefront. */
  devMiddleware?: ConnectMiddleware;
  /** build/client, served as static files. */
  clientDir?: string;
  logger?: boolean;
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

export async function buildServer(services: Services, options: ServerOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  // Set once the storefront's page cache exists: cached pages are answered before Fastify sees them.
  let pageFastPath: PageCacheFastPath | undefined;
  // The API's busiest read, GET /api/product/all-products, written from the catalogue in memory before Fastify sees
  // it when that is current (decision 0045): Fastify's routing and hooks were half its time. Its security headers
  // are filled in below, once helmet has worked them out.
  const apiSecurityHeaders: Record<string, string> = {};
  const answerCatalogueList = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.url !== productListEndpoint.path) return false;
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const answer = services.catalog.currentListAnswer();
    return answer !== undefined && writeEncodedJson(request, response, answer, apiSecurityHeaders);
  };
  const app = Fastify({
    serverFactory: (handler, settings) => {
      const server = createServer((request, response) => {
        if (pageFastPath && answerFromPageCache(pageFastPath, request, response)) return;
        if (answerCatalogueList(request, response)) return;
        handler(request, response);
      });
      // What Fastify sets on the server it makes itself.
      server.keepAliveTimeout = Number(settings.keepAliveTimeout);
      server.requestTimeout = Number(settings.requestTimeout);
      server.setTimeout(Number(settings.connectionTimeout));
      return server;
    },
    ...(options.logger === false ? { logger: false } : { loggerInstance: services.logger }),
    logController: new AnsweredRequestLog(),
    // A hop count trusts that many proxies nearest to the app.
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    // Fastify's router answers 404 for a path parameter over 100 characters, before the contract could say 400;
    // every contract bounds its parameters well below this.
    routerOptions: { maxParamLength: 1000 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // First, so that every answer carries them, a 429 of the general limit too.
  const securityHeaders = useSecurityHeaders(app, {
    // The API's policy; the storefront, /api/docs and /dev/mailbox set their own (decision 0005).
    contentSecurityPolicy: { useDefaults: false, directives: API_POLICY },
    crossOriginEmbedderPolicy: false,
  });
  Object.assign(apiSecurityHeaders, securityHeaders);
  // Every /api route but the public catalogue reads: per account when signed in, else per address (decision 0041).
  installApiRateLimit(app, {
    store: services.rateLimitStore,
    accessTokens: services.accessTokens,
    perAccount: config.API_RATE_LIMIT_PER_MINUTE,
    perAddress: config.API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE,
    onStoreError: (error) =>
      services.logger.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'the rate-limit store failed: this request was not counted',
      ),
  });

  await app.register(cookie);
  await app.register(compress, { threshold: 1024, brotliOptions: { params: { 1: 4 } }, zlibOptions: { level: 6 } });
  await app.register(swagger, openApiOptions(config, { refresh: REFRESH_COOKIE, admin: ADMIN_COOKIE }));
  // The API's map helps developers; a deployed shop shows it only when its operator asks (API_DOCS=true).
  if (config.NODE_ENV !== 'production' || config.API_DOCS)
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: apiDocsPolicy(config) });

  route(app.withTypeProvider<ZodTypeProvider>(), healthEndpoint, {
    schema: {
      tags: ['operations'],
      summary: 'Database reachability, for load balancers, and the jobs that failed for ever, for the owner',
    },
    handler: async (_request, reply) => {
      try {
        // Jobs that failed their last allowed run wait here for someone to look (decision 0021).
        const deadJobs = await services.jobs.deadCount();
        return { status: 'ok' as const, database: services.database.kind, deadJobs };
      } catch {
        return reply.code(503).send({ status: 'unavailable', message: 'Database unreachable' });
      }
    },
  });
  // Sign-in as hooks a route declares (decision 0024); the request's `shopper` is decorated here, at the root.
  const hooks = shopperHooks(app, services.accessTokens);
  await app.register(catalogRoutes, { catalog: services.catalog });
  await app.register(mediaRoutes, { media: services.media });
  await app.register(authRoutes, {
    auth: services.auth,
    hooks,
    limit: services.limitAttempts,
    signInThrottle: services.signInThrottle,
    accountDetails: {
      db: services.database.db,
      sessions: services.sessions,
      links: services.emailLinks,
      passwordChecks: services.passwordChecks,
      newPasswordRules: services.newPasswordRules,
    },
    google: services.google,
    publicOrigin: services.origin,
  });
  await app.register(emailLinkRoutes, {
    links: services.emailLinks,
    auth: services.auth,
    accessTokens: services.accessTokens,
    limit: services.limitAttempts,
  });
  await app.register(cartRoutes, { carts: services.carts, hooks });
  await app.register(wishlistRoutes, {
    wishlists: services.wishlists,
    backInStock: services.backInStock,
    hooks,
    shopName: config.SHOP_NAME,
  });
  await app.register(contactRoutes, { contact: services.contact });
  await app.register(analyticsRoutes, { analytics: services.analytics, publicOrigin: services.origin });
  await app.register(reviewRoutes, {
    reviews: services.reviews,
    media: services.media,
    hooks,
    maxFiles: config.REVIEW_MAX_FILES,
    limitWrites: services.limitReviewWrites,
  });
  await app.register(adminApi, {
    admin: services.admin,
    invitations: services.adminInvitations,
    signInThrottle: services.signInThrottle,
    publicOrigin: services.origin,
    // Back office: each capability's back-office routes register here, inside the admin guard's scope, e.g.
    // `await scope.register(orderAdminRoutes, { orders: services.orders })`.
    routes: async (scope) => {
      await scope.register(reviewAdminRoutes, { moderation: services.reviews.moderation });
      await scope.register(contactAdminRoutes, { inbox: services.contact.inbox });
      await scope.register(catalogAdminRoutes, { catalog: services.catalog });
      await scope.register(adminOrderRoutes, {
        orders: services.orders,
        audit: services.audit,
        paymentsOf: (orderRowId) => services.payments.historyOf(orderRowId),
        retryRefund: (orderId, alongside) => services.payments.retryRefund(orderId, alongside),
      });
      await scope.register(auditAdminRoutes, { audit: services.audit });
      // The dashboard's sections, in the page's order: add a module's figures here as one more source.
      await scope.register(dashboardAdminRoutes, {
        sources: [
          () => ordersSection(() => services.orders.atAGlance()),
          () => lowStockSection((limit) => services.catalog.lowStock(limit)),
          () => unreadMessagesSection(() => services.contact.unreadCount()),
          () => webVitalsSection(() => services.analytics.report({})),
        ],
      });
      await scope.register(analyticsAdminRoutes, { analytics: services.analytics });
      await scope.register(productAdminRoutes, { catalog: services.catalog, media: services.media });
    },
  });
  await app.register(orderRoutes, {
    orders: services.orders,
    placeOrder: services.placeOrder,
    hooks,
    limit: services.limitAttempts,
  });
  await app.register(paymentRoutes, {
    payments: services.payments,
    webhookCredentials: services.paymentSetup.webhook,
    inbox: services.webhookInbox,
    hooks,
    limits: services.paymentLimits,
  });
  const simulator = services.paymentSetup.simulator;
  if (simulator) {
    // Without PhonePe credentials on a local shop: the shop's own PhonePe, to this machine only (decisions 0019, 0022).
    await app.register(async (local) => {
      local.addHook('onRequest', onlyFromThisMachine);
      await local.register(simulatorRoutes, {
        db: services.database.db,
        basePath: SIMULATOR_PATH,
        publicBaseUrl: () => `${services.origin}${SIMULATOR_PATH}`,
        credentials: simulator,
        merchantId: 'LOCALSHOP',
        merchantName: config.SHOP_NAME,
        webhook: { url: () => `http://127.0.0.1:${config.PORT}/api/payment/webhook`, ...simulator.webhook },
        frameAncestors: ["'self'", ...localOrigins(config)],
        log: (message, error) =>
          services.logger.warn({ reason: error instanceof Error ? error.message : undefined }, message),
      });
    });
  }
  // This machine only, and never behind a proxy, where every request comes from this machine (decision 0022).
  const localConveniences = servesLocalConveniences(config);
  if (services.mailTransport instanceof LocalMailbox && localConveniences) {
    const mailbox = services.mailTransport;
    await app.register(async (local) => {
      local.addHook('onRequest', onlyFromThisMachine);
      await local.register(devMailboxRoutes, { mailbox });
    });
  }
  if (!localConveniences && config.NODE_ENV !== 'production') {
    services.logger.warn(
      'TRUST_PROXY is set, so the local conveniences are off: /dev/mailbox (without SMTP_URL, mail is kept in the ' +
        'database unread) and the PhonePe simulator (no prepaid without PHONEPE_CLIENT_ID)',
    );
  }
  app.all('/api/*', { schema: { hide: true } }, async (_request, reply) =>
    reply.code(404).send({ message: 'Not found' }),
  );

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
  if (options.storefrontBuild) {
    const pageCache = options.devMiddleware
      ? undefined
      : startPageCache(app, {
          megabytes: config.PAGE_CACHE_MB,
          onChange: (listener) => services.catalog.onChange(listener),
          origin: services.origin,
        });
    const contentSecurityPolicy = storefrontPolicy(config, { hotReload: Boolean(options.devMiddleware) });
    if (pageCache) {
      const { 'content-security-policy': _apiPolicy, ...storefrontHeaders } = securityHeaders;
      pageFastPath = { ...pageCache, securityHeaders: storefrontHeaders, contentSecurityPolicy };
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
  return app;
}
