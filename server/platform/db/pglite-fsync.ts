import { fsyncSync } from 'node:fs';
import { fsyncPath } from './fsync-path.ts';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The parts of Emscripten's Node filesystem (NODEFS) that PGlite leaves out of its types. */
interface NodeFsInternals {
  NODEFS: {
    stream_ops: { fsync?: (stream: { nfd?: number; node: unknown }) => number };
    realPath(node: unknown): string;
  };
}

/**
 * A NodeFS whose fsync reaches the disk. Emscripten's NODEFS has no fsync of its own, so PostgreSQL's fsync() calls
 * return at once without syncing (electric-sql/pglite#1107). Directories have no native descriptor: open one.
 */
class SyncingNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const preRun = [...(emscriptenOpts.preRun ?? [])];
    preRun.push((mod: unknown) => {
      const { NODEFS } = mod as NodeFsInternals;
      NODEFS.stream_ops.fsync = (stream) => {
        if (stream.nfd !== undefined) {
          fsyncSync(stream.nfd);
          return 0;
        }
        fsyncPath(NODEFS.realPath(stream.node));
        return 0;
      };
    });
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}

/**
 * PGlite options for a data directory whose commits survive a power cut (decision 0015): PGlite starts PostgreSQL
 * with fsync off (-F), and fdatasync is a no-op in its Emscripten build, so the WAL is flushed with fsync instead.
 */
export function fsyncPgliteOptions(dataDir: string): PGliteOptions {
  return {
    fs: new SyncingNodeFS(dataDir),
    startParams: [...PGLITE_START_PARAMS.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'],
  };
}

/**
 * PostgreSQL's memory sized for one shop in one process (decision 0069): its defaults are a server's for a hundred
 * connections (128 MB of shared buffers and more), kept in PGlite's WASM heap, which never gives memory back. A
 * shop's whole catalogue fits in the buffers many times over; a sort larger than work_mem spills to disk.
 */
const SHOP_SIZED_MEMORY = {
  shared_buffers: '16MB',
  wal_buffers: '1MB',
  temp_buffers: '1MB',
  work_mem: '2MB',
  maintenance_work_mem: '16MB',
};

/** PGlite's own start parameters, with PostgreSQL's memory sized for a shop. */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...Object.entries(SHOP_SIZED_MEMORY).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];
