import path from 'node:path';
import type { DestinationStream } from 'pino';
import { assemble, type AnyModule, type Assembly } from '../platform/kernel/index.ts';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { storageFromConfig } from '../platform/storage/from-config.ts';
import type { FileStorage } from '../platform/storage/storage.ts';
import { createRateLimitStore, type RateLimitStore } from '../platform/http/rate-limit.ts';
import { createLogger } from '../platform/http/logger.ts';
import { closeShop } from './shutdown.ts';
import { platformFaces, shopLog, type ShopLog } from '../platform/faces.ts';
import { publicOrigin } from '../platform/settings.ts';
import { SHOP_PARTS, partsOf, shopSettingsOf, type Config, type ModuleFaces } from './modules.ts';
import type { ShopSettings } from '../../core/shop.ts';

/** Everything a request handler may need, built once per process: the platform, and each module's parts. */
export type Services = ModuleFaces & {
  config: Config;
  database: Database;
  storage: FileStorage;
  rateLimitStore: RateLimitStore;
  logger: ShopLog['logger'];
  shop: ShopSettings;
  origin: string;
  assembly: Assembly;
  /** Claims no more jobs or mails, from this moment: the first thing a shutdown does (decision 0021). */
  stopClaiming(): void;
  /** Stops scheduled work, then the modules, then the database, by `deadline` (closeShop). */
  close(options?: { deadline?: number }): Promise<void>;
};

export interface ServiceOverrides {
  /** Use this database instead of the configured one (tests). */
  database?: Database;
  storage?: FileStorage;
  rateLimitStore?: RateLimitStore;
  /** Where log lines go (tests read them); stdout by default. */
  logDestination?: DestinationStream;
  /** Another list of modules (the architecture test adds one). */
  modules?: readonly AnyModule[];
}

export async function createServices(config: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  const logger = createLogger(config.LOG_LEVEL, overrides.logDestination);
  const log = shopLog(logger);
  const database =
    overrides.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: path.join(config.DATA_DIR, 'pglite'),
      poolSize: config.DATABASE_POOL_SIZE,
      pgliteFsync: config.PGLITE_FSYNC,
      log: (message) => logger.warn(message),
    }));
  const storage = overrides.storage ?? (await storageFromConfig(config));
  const rateLimitStore = overrides.rateLimitStore ?? createRateLimitStore(config.REDIS_URL);
  const origin = publicOrigin(config);
  const identity = { name: config.SHOP_NAME, email: config.SHOP_EMAIL, origin, mediaBaseUrl: config.MEDIA_BASE_URL };
  await database.withStartupLock(async () => {
    logger.info('Migrating the database');
    await database.migrate();
  });
  const modules = overrides.modules ?? SHOP_PARTS;
  const assembly = await assemble(modules, {
    settings: config,
    given: platformFaces({
      database,
      storage,
      rateLimits: rateLimitStore,
      log,
      shop: { ...identity, runtime: config },
    }),
    beforeStart: async (modules) => {
      const { jobs } = modules.ownOf('jobs') as ModuleFaces;
      for (const job of modules.jobs()) jobs.handle(job.kind, job.run, { maxAttempts: job.maxAttempts });
      // The demo catalogue and its artwork load only here, never in a shop that does not seed.
      if (!config.SEED_DEMO) return;
      const { seedDemoCatalogue } = await import('../../demo/seed.ts');
      const { media } = modules.ownOf('media') as ModuleFaces;
      await database.withStartupLock(async () => {
        if (await seedDemoCatalogue(database, media)) logger.info('Seeded the demo catalogue');
      });
    },
  });
  const parts = partsOf(assembly, modules);
  return {
    ...parts,
    config,
    database,
    storage,
    rateLimitStore,
    logger,
    origin,
    assembly,
    shop: shopSettingsOf(config),
    stopClaiming: () => parts.scheduledWork.stopClaiming(),
    close: ({ deadline } = {}) => closeShop({ ...parts, assembly, rateLimitStore, database }, deadline),
  };
}
