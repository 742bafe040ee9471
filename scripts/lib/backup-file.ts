// The two kinds of backup file (decision 0067): PostgreSQL's is pg_dump's custom-format archive as it is (it starts
// with "PGDMP"), so plain pg_restore reads it; the embedded database's is one manifest line naming its kind, then
// PGlite's data-directory tar, gzip'd. Each is written to a temporary file beside its destination and renamed into
// place once complete and on disk, so a crash or a full disk never leaves a half backup under the final name.
import {
  chmodSync,
  closeSync,
  createReadStream,
  createWriteStream,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { fsyncPath } from '../../server/platform/db/fsync-path.ts';

export type BackupKind = 'postgres' | 'pglite';

/** The first line of an embedded backup: this word, a space, the manifest as JSON. */
const EMBEDDED_MARK = 'aangan-shop-backup ';
const POSTGRES_MARK = 'PGDMP';
const MANIFEST_MAX_BYTES = 4096;

export interface EmbeddedManifest {
  kind: 'pglite';
  format: 1;
  /** The PGlite release that wrote the data directory: one of another PostgreSQL major version cannot load it. */
  pglite: string;
  createdAt: string;
}

export const KIND_NAMES: Record<BackupKind, string> = {
  postgres: 'a PostgreSQL backup (pg_dump custom format)',
  pglite: 'an embedded-database (PGlite) backup',
};

/** Which kind of backup `file` is, or an error saying it is none. */
export function backupKindOf(file: string): BackupKind {
  if (!statSync(file, { throwIfNoEntry: false })?.isFile()) throw new Error(`There is no file ${file}`);
  const head = readHead(file);
  if (head.startsWith(POSTGRES_MARK)) return 'postgres';
  if (head.startsWith(EMBEDDED_MARK)) return 'pglite';
  throw new Error(`${file} is not a shop backup (neither a pg_dump custom-format archive nor an embedded backup)`);
}

function readHead(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(MANIFEST_MAX_BYTES);
    return head.subarray(0, readSync(fd, head, 0, head.length, 0)).toString('latin1');
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `out` through `write`, which fills the temporary path it is given: renamed to `out` only once `write`
 * succeeded and the file is on disk; removed otherwise.
 */
export async function writeAtomically(out: string, write: (partial: string) => Promise<void>): Promise<void> {
  const target = path.resolve(out);
  const directory = path.dirname(target);
  if (!statSync(directory, { throwIfNoEntry: false })?.isDirectory())
    throw new Error(`The directory ${directory} does not exist: make it first (the backup was not written)`);
  const partial = path.join(directory, `.${path.basename(target)}.partial-${process.pid}`);
  try {
    await write(partial);
    chmodSync(partial, 0o600); // password hashes and addresses: for the owner only
    fsyncPath(partial, 'r+');
    renameSync(partial, target);
    fsyncPath(directory, 'r'); // the rename itself survives a power cut
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Writes an embedded backup of the data-directory tar `tar` to `file`. */
export async function writeEmbeddedBackup(file: string, tar: Readable, manifest: EmbeddedManifest): Promise<void> {
  writeFileSync(file, `${EMBEDDED_MARK}${JSON.stringify(manifest)}\n`, { flag: 'wx', mode: 0o600 });
  await pipeline(tar, createGzip(), createWriteStream(file, { flags: 'a' }));
}

/** An embedded backup's manifest and its data-directory tar, as PGlite's loadDataDir takes it. */
export async function readEmbeddedBackup(file: string): Promise<{ manifest: EmbeddedManifest; tar: Blob }> {
  const head = readHead(file);
  const newline = head.indexOf('\n');
  if (!head.startsWith(EMBEDDED_MARK) || newline < 0) throw new Error(`${file} is not an embedded backup`);
  const manifest = JSON.parse(head.slice(EMBEDDED_MARK.length, newline)) as EmbeddedManifest;
  if (manifest.kind !== 'pglite' || manifest.format !== 1)
    throw new Error(`${file} is an embedded backup of a format this shop does not know (${manifest.format})`);
  const chunks: Buffer[] = [];
  const gunzip = createGunzip();
  gunzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  await pipeline(createReadStream(file, { start: newline + 1 }), gunzip);
  return { manifest, tar: new Blob(chunks as Uint8Array<ArrayBuffer>[]) };
}
