import { closeSync, fsyncSync, openSync } from 'node:fs';
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
        const fd = openSync(NODEFS.realPath(stream.node), 'r');
        try {
          fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
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
    startParams: [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'],
  };
}
