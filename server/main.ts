import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { ConfigError, loadConfig } from './config.ts';
import { createServices } from './services.ts';
import { buildServer } from './app.ts';
import { createDevStorefront } from './http/dev-storefront.ts';
import { serializeError } from './http/logger.ts';

const root = process.cwd();
const serverBuildPath = path.join(root, 'build/server/index.js');

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const development = process.argv.includes('--dev');
  // Outside `npm run dev` the server runs React's production build, whatever NODE_ENV says about deployment
  // (decision 0006): config.NODE_ENV still tells a local start from a deployed one.
  if (!development) process.env.NODE_ENV = 'production';
  const dev = development ? await createDevStorefront() : null;
  if (!dev && !existsSync(serverBuildPath))
    throw new ConfigError('No storefront build found: run `npm run build` first.');
  const services = await createServices(config);
  const app = dev
    ? await buildServer(services, { storefrontBuild: dev.build, devMiddleware: dev.middleware })
    : await buildServer(services, {
        storefrontBuild: (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild,
        clientDir: path.join(root, 'build/client'),
      });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await dev?.close();
    await services.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`${config.SHOP_NAME} is open at ${services.origin} (database: ${services.database.kind})`);
}

main().catch((error: unknown) => {
  // A failed start-up query is logged like any other: statement and code, never its parameters.
  console.error(error instanceof ConfigError ? error.message : serializeError(error));
  process.exit(1);
});
