// First: it settles NODE_ENV before any import below loads React.
import { deploymentNodeEnv, developmentServer } from './platform/runtime-mode.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { loadConfig } from './root/modules.ts';
import { ConfigError } from './platform/kernel/setting-types.ts';
import { createServices } from './root/services.ts';
import { buildServer } from './root/app.ts';
import { createDevStorefront } from './platform/http/dev-storefront.ts';
import { serializeError } from './platform/http/logger.ts';
import { drainMsOf } from './platform/settings.ts';

const root = process.cwd();
const serverBuildPath = path.join(root, 'build/server/index.js');
/** Kept from the budget for exiting itself. */
const EXIT_MARGIN_MS = 500;

async function main() {
  const config = loadConfig({ ...process.env, NODE_ENV: deploymentNodeEnv });
  const dev = developmentServer ? await createDevStorefront() : null;
  if (!dev && !existsSync(serverBuildPath))
    throw new ConfigError('No storefront build found: run `npm run build` first.');
  const services = await createServices(config);
  const app = dev
    ? await buildServer(services, { storefrontBuild: dev.build, devMiddleware: dev.middleware })
    : await buildServer(services, {
        storefrontBuild: (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild,
        clientDir: path.join(root, 'build/client'),
      });

  /**
   * From SIGTERM to exit, SHUTDOWN_TIMEOUT_MS at most, one budget for everything (decisions 0021, 0065): readiness
   * answers 503 at once and requests are served for SHUTDOWN_DRAIN_MS, so a balancer stops sending; then the server
   * stops accepting and the requests in flight finish, then the jobs and mails in flight (5 s at most, less when the
   * rest took long) before their claims go back, then the connections.
   */
  const timeoutMs = config.SHUTDOWN_TIMEOUT_MS;
  const drainMs = drainMsOf(config);
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) {
      app.log.warn(`${signal} received again, exiting at once`);
      process.exit(1);
    }
    shuttingDown = true;
    const deadline = Date.now() + timeoutMs - EXIT_MARGIN_MS;
    services.processState.drain();
    app.log.info(`${signal} received, shutting down${drainMs > 0 ? ` after serving ${drainMs} ms more` : ''}`);
    services.stopClaiming(); // no job and no mail is claimed from now on, however large the backlog
    // Whatever still hangs after the deadline (a stuck request or send) is cut off: mail leases make sends safe to retry.
    setTimeout(() => {
      app.log.error(`Shutdown took over ${timeoutMs} ms, exiting anyway`);
      process.exit(1);
    }, timeoutMs).unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, drainMs));
      // Node's close() ends the connections idle at that moment only: a keep-alive connection busy then (a client's,
      // the PhonePe adapter's to the local simulator) would hold it up until its keep-alive timeout (72 s).
      const idleCloser = setInterval(() => app.server.closeIdleConnections(), 100);
      await app.close(); // stops accepting connections and lets the requests in flight finish
      clearInterval(idleCloser);
      await dev?.close();
      await services.close({ deadline }); // the jobs and mails in flight get what is left, then the database closes
      process.exit(0);
    } catch (error) {
      app.log.error(error, 'Shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // The home page's images first, so the first visitor after a first start never waits for one (decision 0076).
  if (config.IMAGE_WARM_UP) await services.makeHomePageVariants();
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`${config.SHOP_NAME} is open at ${services.origin} (database: ${services.database.kind})`);
  // Only now, so it never holds up the start or /api/health (decision 0039); a shutdown stops it.
  if (config.IMAGE_WARM_UP) void services.warmUpImages();
}

main().catch((error: unknown) => {
  // A failed start-up query is logged like any other: statement and code, never its parameters.
  console.error(error instanceof ConfigError ? error.message : serializeError(error));
  process.exit(1);
});
