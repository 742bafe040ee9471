import path from 'node:path';
import type { DestinationStream } from 'pino';
import { assemble, type AnyModule, type Assembly } from '../platform/kernel/index.ts';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { storageFromConfig } from '../platform/storage/from-config.ts';
import type { FileStorage } from '../platform/storage/storage.ts';
import { createRateLimitStore, type RateLimitStore } from '../platform/http/rate-limit.ts';
import { createLogger } from '../platform/http/logger.ts';
import { closeShop } from './shutdown.ts';
import { beforeStart } from './before-start.ts';
import { platformFaces, shopLog, type ShopLog } from '../platform/faces.ts';
import { ProcessState } from '../platform/process-state.ts';
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
  /** Starting, ready or draining: what the readiness route answers. */
  processState: ProcessState;
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
  const processState = new ProcessState();
  const assembly = await assemble(modules, {
    settings: config,
    given: platformFaces({
      database,
      storage,
      rateLimits: rateLimitStore,
      log,
      shop: { ...identity, runtime: config },
      process: processState,
    }),
    beforeStart: beforeStart(config, database, logger),
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
    processState,
    shop: shopSettingsOf(config),
    stopClaiming: () => parts.scheduledWork.stopClaiming(),
    close: ({ deadline } = {}) => closeShop({ ...parts, assembly, rateLimitStore, database }, deadline),
  };
}
