import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startShopProcess, type ShopProcess } from '../testing/shop-process.ts';
import { createScratchDatabase, type ScratchDatabase } from '../testing/postgres.ts';
import { DEMO_PRODUCTS } from '../../demo/products.ts';
import { BANNER_ALTS, SNAPSHOT_ALTS } from '../../demo/seed.ts';
import { CATEGORY_SLUGS } from '../../demo/types.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const ARTWORK_FILES =
  DEMO_PRODUCTS.reduce((sum, demo) => sum + demo.imageCount, 0) + BANNER_ALTS.length + SNAPSHOT_ALTS.length;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function entries(dir: string): number {
  try {
    return readdirSync(dir).length;
  } catch {
    return 0;
  }
}

interface KillPoint {
  name: string;
  embeddedOnly?: boolean;
  reached(shop: ShopProcess, dataDir: string): boolean;
}

/** Moments of a first start, from PGlite's initdb to the seed's transaction, found by watching the process. */
const KILL_POINTS: KillPoint[] = [
  {
    // While the shipped empty cluster is unpacked (decision 0072), or initdb runs where none ships.
    name: 'while PGlite creates its cluster',
    embeddedOnly: true,
    reached: (_, dir) => entries(`${dir}/pglite`) > 0,
  },
  { name: 'as migrations start', reached: (shop) => shop.output().includes('Migrating the database') },
  { name: 'while the artwork is saved', reached: (_, dir) => entries(`${dir}/files/originals`) >= 30 },
  {
    name: 'once every artwork file is saved (the seed transaction)',
    reached: (_, dir) => entries(`${dir}/files/originals`) >= ARTWORK_FILES,
  },
];

/** What the log and the data directory say the start had reached when it was killed. */
function phaseOf(shop: ShopProcess, dataDir: string): string {
  const log = shop.output();
  if (log.includes('Seeded the demo catalogue')) return 'after the seed committed';
  if (entries(`${dataDir}/files/originals`) > 0) return `seeding (${entries(`${dataDir}/files/originals`)} files)`;
  if (log.includes('Migrating the database')) return 'migrating';
  return 'opening the database';
}

async function killAt(point: KillPoint, env: Record<string, string>, dataDir: string): Promise<string> {
  const started = Date.now();
  const shop = await startShopProcess(env, { waitForHealth: false });
  while (!point.reached(shop, dataDir)) {
    if (shop.child.exitCode !== null) throw new Error(`The shop exited before the kill point:\n${shop.output()}`);
    if (Date.now() - started > 180_000) throw new Error(`Kill point not reached in 180 s:\n${shop.output()}`);
    await pause(5);
  }
  shop.kill('SIGKILL');
  await shop.exited;
  return `${phaseOf(shop, dataDir)} after ${Date.now() - started} ms`;
}

/** The restarted shop shows the whole demo catalogue: every product, each in its category. */
async function expectFullCatalogue(shop: ShopProcess) {
  const response = await fetch(`${shop.origin}/api/product/all-products`);
  expect(response.status).toBe(200);
  const { products } = (await response.json()) as { products: Array<{ slug: string; category: string }> };
  expect(products.map((product) => product.slug).sort()).toEqual(DEMO_PRODUCTS.map((demo) => demo.slug).sort());
  for (const product of products) expect(CATEGORY_SLUGS).toContain(product.category);
}

/** Fresh PostgreSQL databases, dropped after each test. */
const databases: ScratchDatabase[] = [];
async function freshPostgresDatabase(): Promise<string> {
  const scratch = await createScratchDatabase(postgresUrl!, 'shop_first_start');
  databases.push(scratch);
  return scratch.url;
}

const dataDirs: string[] = [];
let restarted: ShopProcess | undefined;
afterEach(async () => {
  await restarted?.stop();
  restarted = undefined;
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const scratch of databases.splice(0)) await scratch.drop();
});

describe.each([
  { database: 'PGlite', embedded: true },
  ...(postgresUrl ? [{ database: 'PostgreSQL', embedded: false }] : []),
])('a first start killed with SIGKILL, on $database', ({ embedded }) => {
  test.each(KILL_POINTS.filter((point) => embedded || !point.embeddedOnly))(
    'killed $name, the next start ends with the full demo catalogue',
    async (point) => {
      const dataDir = path.resolve('.cache/processes', `first-start-${randomBytes(6).toString('hex')}`);
      dataDirs.push(dataDir);
      const env = {
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'info',
        ...(embedded ? {} : { DATABASE_URL: await freshPostgresDatabase() }),
      };
      const killed = await killAt(point, env, dataDir);
      console.log(`first start killed ${point.name}: ${killed}`);
      restarted = await startShopProcess(env, { timeoutMs: 300_000 });
      await expectFullCatalogue(restarted);
    },
    600_000,
  );
});
