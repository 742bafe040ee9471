// `npm run backup` beside a running embedded (PGlite) shop, without stopping its sales, and `npm run restore` into an
// empty DATA_DIR (issue 33, decision 0067): the restored shop has every order accepted before the backup started and
// takes new ones. A DATA_DIR that holds a database is refused, changing nothing.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runNpmScript, type ScriptRun } from '../testing/npm-script.ts';
import { startShopProcess, type ShopProcess } from '../testing/shop-process.ts';
import { backupUnderLoad, expectRestored, UNLIMITED } from '../testing/shop-traffic.ts';

const newDataDir = (name: string) => path.resolve('.cache/processes', `${name}-${randomBytes(6).toString('hex')}`);
const dataDir = newDataDir('backup-embedded');
const restoredDir = newDataDir('backup-restored');
const backupFile = `${dataDir}.backup`;
const outputOf = (run: ScriptRun) => `exit ${run.code}\n${run.stdout}${run.stderr}`;

/** Every file under `dir` with its size and modification time: what "changing nothing" leaves as it was. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((entry) => {
      const stats = statSync(path.join(dir, entry));
      return `${entry} ${stats.isFile() ? stats.size : 'dir'} ${stats.mtimeMs}`;
    });
}

const shops: ShopProcess[] = [];
const start = async (env: Record<string, string>) => {
  const shop = await startShopProcess({ ...UNLIMITED, ...env }, { timeoutMs: 300_000 });
  shops.push(shop);
  return shop;
};
let shop: ShopProcess;
beforeAll(async () => {
  shop = await start({ DATA_DIR: dataDir });
}, 320_000);
afterAll(async () => {
  await Promise.all(shops.map((running) => running.stop()));
  for (const dir of [dataDir, restoredDir, backupFile]) rmSync(dir, { recursive: true, force: true });
});

test('a backup written by the running shop while orders keep coming restores into an empty DATA_DIR with every earlier order', async () => {
  const { backup, shopper, beforeBackup } = await backupUnderLoad(shop, { DATA_DIR: dataDir }, backupFile);
  expect(backup.stdout).toContain('written by the running shop');
  expect(readFileSync(backupFile).subarray(0, 40).toString()).toMatch(/^aangan-shop-backup \{"kind":"pglite"/);

  const restore = await runNpmScript('restore', ['--from', backupFile], { env: { DATA_DIR: restoredDir } });
  expect(restore.code, outputOf(restore)).toBe(0);
  expect(restore.stdout).toContain(`into ${path.join(restoredDir, 'pglite')}`);

  // Again into the same DATA_DIR: it holds a database now, and is left as it is.
  const before = snapshot(restoredDir);
  const again = await runNpmScript('restore', ['--from', backupFile], { env: { DATA_DIR: restoredDir } });
  expect(again.code, outputOf(again)).toBe(1);
  expect(again.stderr).toContain('already holds an embedded database: nothing was changed');
  expect(again.stderr).not.toMatch(/\n\s+at /);
  expect(snapshot(restoredDir)).toEqual(before);

  const restored = await start({ DATA_DIR: restoredDir });
  await expectRestored(restored, shopper.email, beforeBackup);
  await restored.stop();
}, 240_000);

test('with no shop running, the backup opens the data directory itself', async () => {
  await shop.stop();
  const backup = await runNpmScript('backup', ['--out', backupFile], {
    env: { DATA_DIR: dataDir },
    timeoutMs: 120_000,
  });
  expect(backup.code, outputOf(backup)).toBe(0);
  expect(backup.stdout).toContain('no shop was running');
  const usage = await runNpmScript('backup', [], { env: { DATA_DIR: dataDir } });
  expect(usage.code, outputOf(usage)).toBe(2);
  expect(usage.stderr.trim()).toBe('Usage: npm run backup -- --out <file>');
}, 120_000);
