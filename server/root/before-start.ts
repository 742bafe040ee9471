import type { Assembly } from '../platform/kernel/index.ts';
import type { Database } from '../platform/db/client.ts';
import type { ShopLog } from '../platform/faces.ts';
import type { Config, ModuleFaces } from './modules.ts';

/**
 * What runs once every part is made and before any starts: the jobs each module declares are handed to the queue,
 * then the demo catalogue is seeded where SEED_DEMO asks for it.
 */
export const beforeStart =
  (config: Config, database: Database, logger: ShopLog['logger']) =>
  async (modules: Assembly): Promise<void> => {
    const { jobs } = modules.ownOf('jobs') as ModuleFaces;
    for (const job of modules.jobs()) jobs.handle(job.kind, job.run, { maxAttempts: job.maxAttempts });
    // The demo catalogue and its artwork load only here, never in a shop that does not seed.
    if (!config.SEED_DEMO) return;
    const { seedDemoCatalogue } = await import('../../demo/seed.ts');
    const { media } = modules.ownOf('media') as ModuleFaces;
    await database.withStartupLock(async () => {
      if (await seedDemoCatalogue(database, media)) logger.info('Seeded the demo catalogue');
    });
  };
