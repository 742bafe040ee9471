// Migrated (and seeded) once per test run, copied for each test file (issue 32): PGlite as a dump of its data
// directory, PostgreSQL as a template database. A test shop then starts without running the migrations or the
// seed again, and PGlite without its initdb.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { MediaService } from '../media/service.ts';
import { PinDirectory } from '../shipping/pin-directory.ts';
import { LocalDiskStorage } from '../platform/storage/storage.ts';
import { createScratchDatabase, type ScratchDatabase } from './postgres.ts';

/** Content-addressed originals and variants are shared between test runs, so artwork renders once. */
export const sharedTestStorage = () => new LocalDiskStorage(path.resolve('.cache/test-files'));

/** The two starting points a test shop can ask for: the demo catalogue (SEED_DEMO, the default) or none. */
export type TemplateKind = 'seeded' | 'bare';
export const TEMPLATE_KINDS: readonly TemplateKind[] = ['seeded', 'bare'];

/** What vitest's global setup hands the test files: where each template is. */
export interface DatabaseTemplates {
  /** PGlite data-directory dumps (tar files), by kind. */
  pglite?: Record<TemplateKind, string>;
  /** PostgreSQL template databases' names, by kind. */
  postgres?: Record<TemplateKind, string>;
}

async function migrateAndSeed(database: Database, kind: TemplateKind): Promise<void> {
  await database.migrate();
  // Filled here once, so each test shop's start finds the PIN directory full (decision 0070).
  await new PinDirectory(database).fillIfEmpty();
  if (kind === 'bare') return;
  const { seedDemoCatalogue } = await import('../../demo/seed.ts');
  await seedDemoCatalogue(database, new MediaService(database.db, sharedTestStorage()));
}

/** Both PGlite templates, written under `directory`; returns their paths. */
export async function makePgliteTemplates(directory: string): Promise<Record<TemplateKind, string>> {
  mkdirSync(directory, { recursive: true });
  const paths = {} as Record<TemplateKind, string>;
  for (const kind of TEMPLATE_KINDS) {
    const database = await openDatabase({});
    try {
      await migrateAndSeed(database, kind);
      const dump = await database.dumpDataDir!();
      paths[kind] = path.join(directory, `pglite-${kind}-${process.pid}.tar`);
      writeFileSync(paths[kind], Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
  }
  return paths;
}

/** Both PostgreSQL templates, as databases beside TEST_DATABASE_URL's; returns them, each with its drop. */
export async function makePostgresTemplates(baseUrl: string): Promise<Record<TemplateKind, ScratchDatabase>> {
  const templates = {} as Record<TemplateKind, ScratchDatabase>;
  const run = randomBytes(3).toString('hex');
  for (const kind of TEMPLATE_KINDS) {
    templates[kind] = await createScratchDatabase(baseUrl, `shop_template_${run}_${kind}`);
    const database = await openDatabase({ url: templates[kind].url, poolSize: 2 });
    try {
      await migrateAndSeed(database, kind);
    } finally {
      await database.close(); // a template may have no connection while it is copied
    }
  }
  return templates;
}

/** A PGlite in memory, started from a template's dump. */
export async function openPgliteCopy(dumpPath: string): Promise<Database> {
  return openDatabase({ loadDataDir: new Blob([readFileSync(dumpPath)]) });
}

/** A PostgreSQL database of its own, copied from a template database. */
export const createPostgresCopy = (baseUrl: string, template: string): Promise<ScratchDatabase> =>
  createScratchDatabase(baseUrl, 'shop_test', template);
