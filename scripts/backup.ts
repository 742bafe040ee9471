// Backs up the shop's database while it runs, without stopping sales (decision 0067):
//   npm run backup -- --out <file>
// On PostgreSQL (DATABASE_URL) the file is pg_dump's custom-format archive, taken in one snapshot; plain pg_restore
// reads it. On the embedded database it is the data directory as PGlite dumps it, written by the running shop
// (it holds the database, decision 0022) or, when no shop runs, by this command. The file appears under its name
// only once complete; the command prints what it wrote. Exit 0 when written, 1 when not (the reason on stderr), 2 for
// a wrong command line.
import { statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { openDatabase } from '../server/platform/db/client.ts';
import { DatabaseInUseError } from '../server/platform/db/data-dir-lock.ts';
import { dumpFromHolder } from '../server/platform/db/dump-socket.ts';
import { PGLITE_VERSION } from '../server/platform/db/empty-cluster.ts';
import { KIND_NAMES, writeAtomically, writeEmbeddedBackup, type EmbeddedManifest } from './lib/backup-file.ts';
import { databaseName, postgresTool, runPostgresTool } from './lib/postgres.ts';
import {
  databaseSettings,
  hasEmbeddedDatabase,
  requiredOption,
  runScript,
  sizeOf,
  type DatabaseSettings,
} from './lib/shop-settings.ts';

const USAGE = 'Usage: npm run backup -- --out <file>';

/** The data directory's tar: from the running shop, or from the directory itself when no shop holds it. */
async function embeddedTar(settings: DatabaseSettings): Promise<{ tar: Readable; from: string }> {
  const fromShop = await dumpFromHolder(settings.pgliteDir);
  if (fromShop) return { tar: fromShop, from: 'written by the running shop' };
  let database;
  try {
    database = await openDatabase({ dataDir: settings.pgliteDir, pgliteFsync: settings.pgliteFsync });
  } catch (error) {
    // A shop started between the two looks: it answers now.
    const started = error instanceof DatabaseInUseError ? await dumpFromHolder(settings.pgliteDir) : null;
    if (started) return { tar: started, from: 'written by the running shop' };
    throw error;
  }
  try {
    const blob = await database.dumpDataDir!();
    return { tar: Readable.from(Buffer.from(await blob.arrayBuffer())), from: 'no shop was running' };
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const out = requiredOption('out', USAGE);
  if (out === null) return;
  const settings = databaseSettings();
  let described: string;
  if (settings.url) {
    const pgDump = postgresTool('pg_dump');
    const url = settings.url;
    await writeAtomically(out, (partial) => runPostgresTool(pgDump, ['--format=custom', `--file=${partial}`], url));
    described = `${KIND_NAMES.postgres} of the database ${databaseName(url)}`;
  } else {
    if (!hasEmbeddedDatabase(settings.pgliteDir))
      throw new Error(`There is no embedded database in ${settings.pgliteDir} to back up (is DATA_DIR right?)`);
    const manifest: EmbeddedManifest = {
      kind: 'pglite',
      format: 1,
      pglite: PGLITE_VERSION,
      createdAt: new Date().toISOString(),
    };
    let from = '';
    await writeAtomically(out, async (partial) => {
      const dump = await embeddedTar(settings);
      from = dump.from;
      await writeEmbeddedBackup(partial, dump.tar, manifest);
    });
    described = `${KIND_NAMES.pglite} of ${settings.pgliteDir} (${from})`;
  }
  console.log(`Wrote ${out} (${sizeOf(statSync(out).size)}): ${described}.`);
  console.log(`Restore it with: npm run restore -- --from ${out}`);
}

runScript(main);
