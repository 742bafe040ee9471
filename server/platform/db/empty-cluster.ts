import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
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

/** The shipped cluster to start a first `dataDir` from, and what to do once PGlite has opened it. */
export interface EmptyCluster {
  loadDataDir: Blob;
  placed(): void;
}

/**
 * Before a start on `dataDir`: the shipped empty cluster when `dataDir` holds none (then PGlite unpacks it there and
 * opens it at once, one instance in the process), else undefined, as when none ships for this PGlite (PGlite then runs
 * initdb, as before). A marker beside `dataDir` says a load is under way: a start killed during it leaves the marker,
 * and the next start clears the half-unpacked directory and loads again.
 */
export function emptyClusterFor(dataDir: string): EmptyCluster | undefined {
  const marker = `${dataDir}.loading`;
  if (existsSync(marker)) rmSync(dataDir, { recursive: true, force: true });
  else if (existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  if (!existsSync(EMPTY_CLUSTER_FILE)) return undefined;
  mkdirSync(path.dirname(dataDir), { recursive: true });
  writeFileSync(marker, '');
  fsyncPath(path.dirname(dataDir));
  rmSync(dataDir, { recursive: true, force: true }); // no PG_VERSION: what an initdb killed long ago left
  mkdirSync(dataDir, { recursive: true });
  return {
    loadDataDir: new Blob([brotliDecompressSync(readFileSync(EMPTY_CLUSTER_FILE))]),
    placed() {
      fsyncTree(dataDir);
      rmSync(marker);
      fsyncPath(path.dirname(dataDir));
    },
  };
}

/** Every file and folder below `dir` on disk, so a power cut after the rename finds the whole cluster. */
function fsyncTree(dir: string): void {
  for (const entry of readdirSync(dir)) {
    const child = path.join(dir, entry);
    if (statSync(child).isDirectory()) fsyncTree(child);
    else fsyncPath(child);
  }
  fsyncPath(dir);
}
