import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installErrorHandling } from '../platform/http/errors.ts';
import { AnsweredRequestLog } from '../platform/http/logger.ts';
import { useSecurityHeaders } from '../platform/http/security-headers.ts';
import { API_POLICY, apiDocsPolicy } from '../platform/http/content-security-policy.ts';
import { openApiOptions } from '../platform/http/openapi.ts';
import { installApiRateLimit } from '../platform/http/api-rate-limit.ts';
import { fastPaths as fastPathPoint, serverWithFastPaths, type FastPath } from '../platform/http/fast-paths.ts';
import { decorateShopper, REFRESH_COOKIE } from '../auth/index.ts';
import { ADMIN_COOKIE } from '../admin/index.ts';
import { requestIdOf } from '../platform/http/request-id.ts';
import { answerOnlyWorkerRoutes } from '../platform/http/worker-only.ts';
import { httpObservers } from '../platform/metrics/face.ts';
import { mountStandIns } from './stand-ins.ts';
import { mountPages, type PageOptions } from './pages.ts';
import type { Services } from './services.ts';

export { pageAdmin } from './pages.ts';

export interface ServerOptions extends PageOptions {
  logger?: boolean;
}

/** The shop's HTTP server: the API's every module's routes under /api, then the storefront's pages (decision 0058). */
export async function buildServer(services: Services, options: ServerOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  const worker = config.WORKER_MODE === 'worker';
  // Answered before Fastify sees them (decision 0045): the page cache's first, then the modules'.
  const fastPaths: FastPath[] = [];
  const app = Fastify({
    // The fast paths' answers are told to the metrics (decision 0066); Fastify's, their onResponse hook sees.
    serverFactory: serverWithFastPaths(fastPaths, services.assembly.contributions(httpObservers)),
    ...(options.logger === false ? { logger: false } : { loggerInstance: services.logger }),
    logController: new AnsweredRequestLog(),
    // The id the answer's X-Request-Id says (serverWithFastPaths), in the request's log line as reqId.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A hop count trusts that many proxies nearest to the app.
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    // Fastify's router answers 404 for a path parameter over 100 characters, before the contract could say 400;
    // every contract bounds its parameters well below this.
    routerOptions: { maxParamLength: 1000 },
  });
  if (worker) answerOnlyWorkerRoutes(app); // its health routes only (issue 33)
  app.addHook('onReady', async () => services.processState.started());
  // Said by the server before Fastify too (serverWithFastPaths); here for answers that never met it (inject).
  app.addHook('onRequest', async (request, reply) => void reply.header('x-request-id', request.id));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // First, so that every answer carries them, a 429 of the general limit too.
  const securityHeaders = useSecurityHeaders(app, {
    // The API's policy; the storefront, /api/docs and /dev/mailbox set their own (decision 0005).
    contentSecurityPolicy: { useDefaults: false, directives: API_POLICY },
    crossOriginEmbedderPolicy: false,
  });
  if (!worker) fastPaths.push(...services.assembly.contributions(fastPathPoint).map((make) => make(securityHeaders)));
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

  // Sign-in as hooks a route declares (decision 0024): the request's `shopper` is decorated here, at the root.
  decorateShopper(app);
  // Every module's routes, and inside the admin guard's scope their back-office routes.
  await services.assembly.registerRoutes(app);
  await mountStandIns(app, services);
  app.all('/api/*', { schema: { hide: true } }, async (_request, reply) =>
    reply.code(404).send({ message: 'Not found' }),
  );
  if (!worker) await mountPages(app, services, options, { securityHeaders, fastPaths });
  return app;
}
