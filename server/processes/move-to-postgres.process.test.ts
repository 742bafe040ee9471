// `npm run db:move-to-postgres` (issue 33, decision 0067): an embedded shop's every table, row for row, in an empty
// PostgreSQL database, after which `DATABASE_URL=… npm start` is the same shop: the old passwords sign in, the orders
// are the same. Refused, writing nothing, while the embedded shop runs and when the target is not empty.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../platform/db/client.ts';
import { runNpmScript, type ScriptRun } from '../testing/npm-script.ts';
import { createScratchDatabase, withClient, type ScratchDatabase } from '../testing/postgres.ts';
import { callShop } from '../testing/shop-pair.ts';
import { startShopProcess, type ShopProcess } from '../testing/shop-process.ts';
import { mailVerifiedShopper, ordersOf, placeOrder, productIds, signIn, UNLIMITED } from '../testing/shop-traffic.ts';

const baseUrl = process.env.TEST_DATABASE_URL;
const dataDir = path.resolve('.cache/processes', `move-to-postgres-${randomBytes(6).toString('hex')}`);
const IN_USE = /is in use by another process.*Stop the shop first/s;
const outputOf = (run: ScriptRun) => `exit ${run.code}\n${run.stdout}${run.stderr}`;
const move = (to: string) => runNpmScript('db:move-to-postgres', ['--to', to], { env: { DATA_DIR: dataDir } });

const TABLES = `select n.nspname || '.' || c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
  order by 1`;
/** Each table's row count and an md5 of its rows' text, sorted: equal when the rows are. */
const FINGERPRINT = (table: string) =>
  `select count(*)::int as rows, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as md5
   from only ${table} x`;

/** Every table's fingerprint, by name, from a query function on either database. */
async function fingerprints(query: (text: string) => Promise<Array<Record<string, unknown>>>) {
  await query(`set timezone = 'UTC'`);
  const found: Record<string, unknown> = {};
  for (const row of await query(TABLES))
    found[row.table as string] = (await query(FINGERPRINT(row.table as string)))[0];
  return found;
}

describe.skipIf(!baseUrl)('moving an embedded shop to PostgreSQL', () => {
  const scratches: ScratchDatabase[] = [];
  const shops: ShopProcess[] = [];
  const start = async (env: Record<string, string>) => {
    const shop = await startShopProcess({ ...UNLIMITED, DATA_DIR: dataDir, ...env }, { timeoutMs: 300_000 });
    shops.push(shop);
    return shop;
  };
  const scratch = async (prefix: string) => {
    const made = await createScratchDatabase(baseUrl!, prefix);
    scratches.push(made);
    return made;
  };
  let embedded: ShopProcess;
  beforeAll(async () => {
    embedded = await start({});
  }, 320_000);
  afterAll(async () => {
    await Promise.all(shops.map((running) => running.stop()));
    for (const made of scratches) await made.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('every table arrives as it is, the old password signs in and the orders are the same', async () => {
    const shopper = await mailVerifiedShopper(embedded);
    const products = await productIds(embedded, 3);
    const placed = [];
    for (const productId of products) placed.push(await placeOrder(embedded, shopper.bearer, productId));
    const cancelled = await callShop(embedded, `/api/orders/${placed[0]}/cancel`, {
      method: 'POST',
      headers: shopper.bearer,
      body: '{}',
    });
    expect(cancelled.status, cancelled.body).toBe(200);
    const ordersBefore = await ordersOf(embedded, shopper.bearer);
    expect(ordersBefore).toHaveLength(3);

    const target = await scratch('shop_move_target');
    const relationsIn = (url: string) =>
      withClient(url, async (client) => (await client.query(TABLES.replace("relkind = 'r'", "relkind <> 'i'"))).rows);

    // While the embedded shop runs: refused, and the target stays empty.
    const beside = await move(target.url);
    expect(beside.code, outputOf(beside)).toBe(1);
    expect(beside.stderr).toMatch(IN_USE);
    expect(await relationsIn(target.url)).toEqual([]);
    await embedded.stop();

    // Into a database that holds something: refused, and it is left as it was.
    const occupied = await scratch('shop_move_occupied');
    await withClient(occupied.url, (client) =>
      client.query('create table keep_me (x int); insert into keep_me values (1)'),
    );
    const full = await move(occupied.url);
    expect(full.code, outputOf(full)).toBe(1);
    expect(full.stderr).toContain(`The database ${occupied.name} is not empty`);
    expect(full.stderr).not.toMatch(/\n\s+at /);
    expect(await relationsIn(occupied.url)).toEqual([{ table: 'public.keep_me' }]);
    expect(
      await withClient(occupied.url, async (client) => (await client.query('select x from keep_me')).rows),
    ).toEqual([{ x: 1 }]);

    const moved = await move(target.url);
    expect(moved.code, outputOf(moved)).toBe(0);
    expect(moved.stdout).toMatch(/public\.orders +3 rows/);
    expect(moved.stdout).toContain('Every table has the same rows in both');

    const source = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    let expected;
    try {
      expected = await fingerprints(
        async (text) => ((await source.db.execute(sql.raw(text))) as { rows: Array<Record<string, unknown>> }).rows,
      );
    } finally {
      await source.close();
    }
    const arrived = await withClient(target.url, (client) =>
      fingerprints(async (text) => (await client.query(text)).rows),
    );
    expect(Object.keys(expected)).toContain('public.orders');
    expect(arrived).toEqual(expected);

    const onPostgresShop = await start({ DATABASE_URL: target.url });
    const bearer = await signIn(onPostgresShop, shopper.email);
    expect(await ordersOf(onPostgresShop, bearer)).toEqual(ordersBefore);
    // The sequences went past their rows: new rows get new numbers.
    expect(await placeOrder(onPostgresShop, bearer, products[1]!)).not.toBeNull();
  }, 240_000);

  test('a wrong command line prints the usage line and exits with 2', async () => {
    const run = await move('not-a-url');
    expect(run.code, outputOf(run)).toBe(2);
    expect(run.stderr.trim()).toBe(
      'Usage: npm run db:move-to-postgres -- --to <postgres://user:password@host:port/database>',
    );
  }, 60_000);
});
