// Migration 0023 (decision 0062): a shop's stock moves from the products' columns into stock_levels, nothing lost.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { createScratchDatabase, type ScratchDatabase } from '../testing/postgres.ts';

const MIGRATIONS = 'server/platform/db/migrations';
const BEFORE_STOCK_LEVELS = '0023_stock_levels';

/** A copy of the migrations as they were before stock_levels: the journal ends at the one before it. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

const rowsOf = async <Row>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;

let database: Database;
let scratch: ScratchDatabase | undefined;
let folder: string;

beforeAll(async () => {
  folder = migrationsBefore(BEFORE_STOCK_LEVELS);
  if (process.env.TEST_DB === 'postgres') {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_migration');
    database = await openDatabase({ url: scratch.url, poolSize: 2 });
    await migratePg(database.db as never, { migrationsFolder: folder });
  } else {
    database = await openDatabase({});
    await migratePglite(database.db as never, { migrationsFolder: folder });
  }
});

afterAll(async () => {
  await database?.close();
  await scratch?.drop();
  rmSync(folder, { recursive: true, force: true });
});

describe('migrating a shop that kept stock on its products', () => {
  it("carries every product's stock and threshold into stock_levels and drops the products' columns", async () => {
    await database.db.execute(sql`insert into categories (slug, name) values ('lamps', 'Lamps')`);
    const shopBefore = [
      { slug: 'brass-lamp', stock: 7, threshold: null },
      { slug: 'paper-lamp', stock: 0, threshold: 2 },
      { slug: 'tin-lamp', stock: 12, threshold: 4 },
    ];
    for (const { slug, stock, threshold } of shopBefore) {
      await database.db.execute(sql`
        with product as (
          insert into products (slug, title, category_id, original_price_paise, price_paise, count_in_stock,
            low_stock_threshold)
          select ${slug}, ${slug}, id, 50000, 45000, ${stock}, ${threshold}::int from categories where slug = 'lamps'
          returning id, count_in_stock
        )
        insert into stock_movements (product_id, quantity, kind)
        select id, count_in_stock, 'import' from product where count_in_stock <> 0`);
    }

    await database.migrate();

    const levels = await rowsOf<{ slug: string; stock: number; threshold: number | null; ledger: number }>(
      database,
      sql`select p.slug, s.count_in_stock as stock, s.low_stock_threshold as threshold,
            (select coalesce(sum(m.quantity), 0)::int from stock_movements m where m.product_id = p.id) as ledger
          from products p join stock_levels s on s.product_id = p.id order by p.slug`,
    );
    expect(levels).toEqual(shopBefore.map((product) => ({ ...product, ledger: product.stock })));
    const left = await rowsOf<{ column_name: string }>(
      database,
      sql`select column_name from information_schema.columns
          where table_name = 'products' and column_name in ('count_in_stock', 'low_stock_threshold')`,
    );
    expect(left).toEqual([]);
  });
});
