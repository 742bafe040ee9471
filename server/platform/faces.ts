// What the root makes itself and hands every module that names it in its needs (decision 0058).
import type { FastifyBaseLogger } from 'fastify';
import { face, type AnyFace } from './kernel/face.ts';
import { describeError } from './http/logger.ts';
import type { Database } from './db/client.ts';
import type { FileStorage } from './storage/storage.ts';
import type { RateLimitStore } from './http/rate-limit.ts';
import type { RootSettings } from './settings.ts';
import { processFace, type ProcessState } from './process-state.ts';

/** The shop's identity and where it runs, for links in mail and pages. */
export interface ShopIdentity {
  name: string;
  email: string;
  /** The public origin, e.g. https://aangandecor.in, without a trailing slash. */
  origin: string;
  /** Where browsers fetch media from (MEDIA_BASE_URL). */
  mediaBaseUrl: string;
  /** The process's own settings: its environment, port and proxy, for what is served only locally. */
  runtime: Pick<RootSettings, 'NODE_ENV' | 'PORT' | 'TRUST_PROXY' | 'PUBLIC_URL' | 'DATA_DIR' | 'WORKER_MODE'>;
}

export interface ShopLog {
  logger: FastifyBaseLogger;
  /** A warning with what failed, never a query's parameters: mail bodies carry sign-in links. */
  warn(message: string, error?: unknown): void;
}

export const databaseFace = face<Database>('database');
export const storageFace = face<FileStorage>('storage');
/** The counters every rate limit shares: Redis with REDIS_URL, else this process's memory. */
export const rateLimitsFace = face<RateLimitStore>('rate limits');
export const shopFace = face<ShopIdentity>('shop');
export const logFace = face<ShopLog>('log');

/** A log whose warnings carry what failed, never a query's parameters (describeError). */
export function shopLog(logger: FastifyBaseLogger): ShopLog {
  return {
    logger,
    warn: (message, error) => logger.warn(error === undefined ? {} : { reason: describeError(error) }, message),
  };
}

/** The platform as the faces modules name in their needs. */
export function platformFaces(platform: {
  database: Database;
  storage: FileStorage;
  rateLimits: RateLimitStore;
  log: ShopLog;
  shop: ShopIdentity;
  process: ProcessState;
}): ReadonlyMap<AnyFace, unknown> {
  return new Map<AnyFace, unknown>([
    [databaseFace, platform.database],
    [storageFace, platform.storage],
    [rateLimitsFace, platform.rateLimits],
    [logFace, platform.log],
    [shopFace, platform.shop],
    [processFace, platform.process],
  ]);
}
