import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { extract } from 'tar-stream';
import { fsyncPath } from './fsync-path.ts';

/** The PGlite release installed: a cluster is made by, and for, one release. */
export const PGLITE_VERSION = (
  JSON.parse(
    readFileSync(
      path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

/**
 * An empty cluster, as PGlite's initdb makes it, dumped and compressed once (`npm run db:empty-cluster`) and shipped
 * with the code (decision 0069): initdb runs a second PostgreSQL in the process and peaks near 1.1 GB, more than a
 * 1 GB VPS has, where loading this takes a third of that.
 */
export const EMPTY_CLUSTER_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'empty-cluster',
  `pglite-${PGLITE_VERSION}.tar.br`,
);

/**
 * Before a start on `dataDir`: unpacks the shipped empty cluster there when it holds none, so PGlite opens it as an
 * existing cluster; nothing when it holds one, or when none ships for this PGlite (PGlite then runs initdb, as
 * before). The archive is streamed from disk through brotli into files, a few hundred KB at a time: handing PGlite
 * the 40 MB tar (`loadDataDir`) made it hold ~500 MB more at once while unpacking (decision 0076). A marker beside
 * `dataDir` says an unpack is under way: a start killed during it leaves the marker, and the next start clears the
 * half-unpacked directory and unpacks again.
 */
export async function placeEmptyCluster(dataDir: string): Promise<void> {
  const marker = `${dataDir}.loading`;
  if (existsSync(marker)) rmSync(dataDir, { recursive: true, force: true });
  else if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  if (!existsSync(EMPTY_CLUSTER_FILE)) return;
  mkdirSync(path.dirname(dataDir), { recursive: true });
  writeFileSync(marker, '');
  fsyncPath(path.dirname(dataDir));
  rmSync(dataDir, { recursive: true, force: true }); // no PG_VERSION: what an initdb killed long ago left
  mkdirSync(dataDir, { recursive: true });
  await unpack(EMPTY_CLUSTER_FILE, dataDir);
  fsyncTree(dataDir);
  rmSync(marker);
  fsyncPath(path.dirname(dataDir));
}

/** Writes the brotli-compressed tar `archive`'s directories and files below `dir`, streaming. */
async function unpack(archive: string, dir: string): Promise<void> {
  const entries = extract();
  const unpacked = (async () => {
    for await (const entry of entries) {
      const target = path.join(dir, path.normalize(`/${entry.header.name}`));
      if (entry.header.type === 'directory') {
        mkdirSync(target, { recursive: true });
        entry.resume();
      } else if (entry.header.type === 'file') {
        mkdirSync(path.dirname(target), { recursive: true });
        await pipeline(entry, createWriteStream(target, { mode: entry.header.mode ?? 0o600 }));
      } else {
        throw new Error(`The shipped cluster holds a ${entry.header.type} entry: ${entry.header.name}`);
      }
    }
  })();
  await Promise.all([pipeline(createReadStream(archive), createBrotliDecompress(), entries), unpacked]);
}

/** Every file and folder below `dir` on disk, so a power cut after the marker goes finds the whole cluster. */
function fsyncTree(dir: string): void {
  for (const entry of readdirSync(dir)) {
    const child = path.join(dir, entry);
    if (statSync(child).isDirectory()) fsyncTree(child);
    else fsyncPath(child);
  }
  fsyncPath(dir);
}
