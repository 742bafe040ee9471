import type { FastifyInstance } from 'fastify';
import { newPlaceholder } from './nonce-template.ts';
import { PageCache } from './page-cache.ts';
import { pageCacheKeys } from './cacheable-pages.ts';
import type { StorefrontPageCache } from './storefront-pages.ts';

/** How often the cache's hits and misses go to the log, when it answered anything since. */
const REPORT_MS = 60_000;

/**
 * The storefront's page cache for this process (decision 0038): emptied on every change `onChange` reports (any
 * process's, through the catalogue's NOTIFY channel), its hits and misses logged once a minute.
 */
export function startPageCache(
  app: FastifyInstance,
  { megabytes, onChange, origin }: { megabytes: number; onChange: (listener: () => void) => void; origin: string },
): StorefrontPageCache | undefined {
  if (megabytes <= 0) return undefined;
  const cache = new PageCache(Math.floor(megabytes * 1024 * 1024));
  onChange(() => cache.clear());
  let answered = 0;
  const report = setInterval(() => {
    const stats = cache.stats();
    if (stats.hits + stats.misses === answered) return;
    answered = stats.hits + stats.misses;
    app.log.info({ pageCache: stats }, 'page cache');
  }, REPORT_MS).unref();
  app.addHook('onClose', async () => clearInterval(report));
  return { cache, placeholder: newPlaceholder(), keyOf: pageCacheKeys(origin) };
}
