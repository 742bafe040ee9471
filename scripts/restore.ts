// Restores a backup of `npm run backup` into an empty database (decision 0067):
//   npm run restore -- --from <file>
// A PostgreSQL backup goes into DATABASE_URL's database, which must be empty (no table, view or sequence outside
// PostgreSQL's own schemas), in one transaction; an embedded backup into DATA_DIR, whose embedded database must not
// exist yet. Anything else is refused, changing nothing. Exit 0 when restored, 1 when not, 2 for a wrong command line.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/platform/db/client.ts';
import { DatabaseInUseError } from '../server/platform/db/data-dir-lock.ts';
import { backupKindOf, KIND_NAMES, readEmbeddedBackup } from './lib/backup-file.ts';
import { databaseName, ensureEmptyPostgres, postgresTool, runPostgresTool } from './lib/postgres.ts';
import {
  databaseSettings,
  requiredOption,
  runScript,
  secretsKeyReminder,
  type DatabaseSettings,
} from './lib/shop-settings.ts';

const USAGE = 'Usage: npm run restore -- --from <file>';

async function restorePostgres(file: string, url: string): Promise<void> {
  const pgRestore = postgresTool('pg_restore');
  await ensureEmptyPostgres(url);
  // Owners and grants are the old server's: the restoring user owns everything, as the shop's migrations would.
  await runPostgresTool(
    pgRestore,
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', file],
    url,
  );
  console.log(`Restored ${file} into the database ${databaseName(url)}.`);
}

async function restoreEmbedded(file: string, settings: DatabaseSettings): Promise<void> {
  const dir = settings.pgliteDir;
  const existed = existsSync(dir);
  if (existed && readdirSync(dir).length > 0)
    throw new Error(
      `${dir} already holds an embedded database: nothing was changed. Restore into an empty DATA_DIR ` +
        '(or move this one aside first).',
    );
  const { manifest, tar } = await readEmbeddedBackup(file);
  let database;
  try {
    database = await openDatabase({ dataDir: dir, pgliteFsync: settings.pgliteFsync, loadDataDir: tar });
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) removeContents(dir, existed);
    throw error;
  }
  try {
    const applied = sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
    const [row] = ((await database.db.execute(applied)) as { rows: Array<{ n: number }> }).rows;
    console.log(
      `Restored ${file} (taken ${manifest.createdAt}, ${row?.n ?? 0} migrations applied) into ${path.resolve(dir)}.`,
    );
  } finally {
    await database.close();
  }
}

/** Undoes a failed load: the directory was empty or absent before. */
function removeContents(dir: string, existed: boolean): void {
  if (!existed) return rmSync(dir, { recursive: true, force: true });
  for (const entry of readdirSync(dir)) rmSync(path.join(dir, entry), { recursive: true, force: true });
}

async function main(): Promise<void> {
  const file = requiredOption('from', USAGE);
  if (file === null) return;
  const settings = databaseSettings();
  const kind = backupKindOf(file);
  const into = settings.url ? 'postgres' : 'pglite';
  if (kind !== into)
    throw new Error(
      `${file} is ${KIND_NAMES[kind]}, but the shop is set up for ` +
        (into === 'postgres'
          ? `PostgreSQL (DATABASE_URL is set): unset DATABASE_URL to restore it into an empty DATA_DIR, then move it ` +
            'with npm run db:move-to-postgres if you want it on PostgreSQL'
          : 'the embedded database (DATABASE_URL is not set): set DATABASE_URL to an empty PostgreSQL database') +
        '. Nothing was changed.',
    );
  if (settings.url) await restorePostgres(file, settings.url);
  else await restoreEmbedded(file, settings);
  const reminder = secretsKeyReminder(settings);
  if (reminder) console.log(reminder);
}

runScript(main);
