// `npm run backup` beside a running shop on PostgreSQL, without stopping its sales, and `npm run restore` into a new,
// empty database (issue 33, decision 0067): pg_dump's custom format, which plain pg_restore reads; the restored shop
// has every order accepted before the backup started and takes new ones. A database that holds anything is refused,
// and so is an embedded DATA_DIR, changing nothing.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runNpmScript, type ScriptRun } from '../testing/npm-script.ts';
import { createScratchDatabase, withClient, type ScratchDatabase } from '../testing/postgres.ts';
import { startShopProcess, type ShopProcess } from '../testing/shop-process.ts';
import { backupUnderLoad, expectRestored, UNLIMITED } from '../testing/shop-traffic.ts';

const baseUrl = process.env.TEST_DATABASE_URL;
const dataDir = path.resolve('.cache/processes', `backup-postgres-${randomBytes(6).toString('hex')}`);
const backupFile = path.join(dataDir, 'shop.backup');
const outputOf = (run: ScriptRun) => `exit ${run.code}\n${run.stdout}${run.stderr}`;

/** The database's tables with their row counts, as one text: what "changing nothing" leaves as it was. */
function contentsOf(url: string): Promise<string> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ table: string }>(
      `select schemaname || '.' || relname as table from pg_stat_user_tables order by 1`,
    );
    const counted: string[] = [];
    for (const { table } of rows) {
      const { rows: count } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
      counted.push(`${table} ${count[0]!.n}`);
    }
    return counted.join('\n');
  });
}

describe.skipIf(!baseUrl)('on PostgreSQL', () => {
  const scratches: ScratchDatabase[] = [];
  const shops: ShopProcess[] = [];
  const scratch = async (prefix: string) => {
    const made = await createScratchDatabase(baseUrl!, prefix);
    scratches.push(made);
    return made;
  };
  const start = async (url: string, which: string) => {
    const env = { ...UNLIMITED, DATABASE_URL: url, DATA_DIR: path.join(dataDir, which) };
    const shop = await startShopProcess(env, { timeoutMs: 300_000 });
    shops.push(shop);
    return shop;
  };
  let source: ScratchDatabase;
  let shop: ShopProcess;
  beforeAll(async () => {
    source = await scratch('shop_backup_source');
    shop = await start(source.url, 'source');
  }, 320_000);
  afterAll(async () => {
    await Promise.all(shops.map((running) => running.stop()));
    for (const made of scratches) await made.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a backup taken while orders keep coming restores into a new database with every earlier order', async () => {
    const env = { DATABASE_URL: source.url, DATA_DIR: path.join(dataDir, 'source') };
    const { backup, shopper, beforeBackup } = await backupUnderLoad(shop, env, backupFile);
    expect(backup.stdout).toContain('pg_dump custom format');

    // Plain pg_restore reads it.
    const { stdout: listing } = await promisify(execFile)('pg_restore', ['--list', backupFile]);
    expect(listing).toMatch(/TABLE DATA public orders /);

    const target = await scratch('shop_backup_target');
    const restore = await runNpmScript('restore', ['--from', backupFile], {
      env: { DATABASE_URL: target.url, DATA_DIR: path.join(dataDir, 'target') },
      timeoutMs: 120_000,
    });
    expect(restore.code, outputOf(restore)).toBe(0);
    expect(restore.stdout).toContain(`into the database ${target.name}`);

    // Again into it: it holds the shop now, and is left as it is.
    const before = await contentsOf(target.url);
    const again = await runNpmScript('restore', ['--from', backupFile], {
      env: { DATABASE_URL: target.url, DATA_DIR: path.join(dataDir, 'target') },
    });
    expect(again.code, outputOf(again)).toBe(1);
    expect(again.stderr).toContain(`The database ${target.name} is not empty`);
    expect(again.stderr).not.toMatch(/\n\s+at /);
    expect(await contentsOf(target.url)).toEqual(before);

    // A PostgreSQL backup is not restored into the embedded database.
    const embedded = path.join(dataDir, 'embedded');
    const wrongKind = await runNpmScript('restore', ['--from', backupFile], { env: { DATA_DIR: embedded } });
    expect(wrongKind.code, outputOf(wrongKind)).toBe(1);
    expect(wrongKind.stderr).toContain('is a PostgreSQL backup (pg_dump custom format), but the shop is set up for');
    expect(existsSync(path.join(embedded, 'pglite'))).toBe(false);

    await expectRestored(await start(target.url, 'target'), shopper.email, beforeBackup);
  }, 240_000);
});
