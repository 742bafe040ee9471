import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Query, SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PGLITE_START_PARAMS, fsyncPgliteOptions } from './pglite-fsync.ts';
import { PostgresListener } from './listener.ts';
import { coalescingSocket } from './coalescing-socket.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { servingDumps } from './dump-socket.ts';
import { placeEmptyCluster } from './empty-cluster.ts';

/**
 * The shop's database or a transaction in it: a transaction is a database too, so a module's service takes either
 * and a workflow runs several modules' steps in one transaction. No module sees another's tables through it.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** A connection to the shop's database: embedded PGlite, or a PostgreSQL server. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Runs fn while holding a cluster-wide lock, so concurrent app processes migrate and seed once. */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Runs fn unless another process holds the lock `lockId` (then resolves false at once): background work that
   * one process at a time should do, such as the image warm-up. On PostgreSQL it holds a connection meanwhile.
   */
  unlessRunningElsewhere(lockId: number, fn: () => Promise<void>): Promise<boolean>;
  /**
   * Calls onMessage with the payload whenever any process publishes on the channel. Messages published while
   * the listener was cut off are lost, so onResync is called once it listens again: callers drop what they cached.
   * Returns an unsubscribe function.
   */
  listen(channel: string, onMessage: (payload: string) => void, onResync?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload?: string): Promise<void>;
  /**
   * Runs fn in one transaction, rolled back when fn throws; work registered with onCommit(tx, …) runs once it has
   * committed. On PostgreSQL the BEGIN goes with fn's first statement, and statements fn sends together (without
   * awaiting each other) share a round trip: the connection pipelines them.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** PGlite only: its whole data directory as an uncompressed tar, which `loadDataDir` starts a copy from. */
  dumpDataDir?(): Promise<Blob>;
  /**
   * The connections as the metrics see them: PostgreSQL's pool (open, idle, callers waiting for one); PGlite has one
   * connection in this process, always reported as 1 open and idle, none waiting (its queue is not observable).
   */
  connections(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** Work waiting for each open transaction's commit (see onCommit). */
const commitWork = new WeakMap<Db, Array<() => unknown>>();

/**
 * Runs `work` once the transaction `tx` has committed, not at all when it rolls back: how a module tells its cache
 * about a change it made in someone else's transaction. Outside a transaction (`tx` is the database), the write
 * has committed already, so it runs now.
 */
export function onCommit(tx: Db, work: () => unknown): void {
  const waiting = commitWork.get(tx);
  if (waiting) waiting.push(work);
  else void work();
}

/** Runs fn with `tx` open for onCommit; returns fn's result and the work registered meanwhile. */
async function collectingCommitWork<T>(tx: Db, fn: (tx: Db) => Promise<T>): Promise<[T, Array<() => unknown>]> {
  const waiting: Array<() => unknown> = [];
  commitWork.set(tx, waiting);
  try {
    return [await fn(tx), waiting];
  } finally {
    commitWork.delete(tx);
  }
}

/** After the commit: each piece of work on its own, so one failing does not stop the others. */
function runCommitWork(waiting: Array<() => unknown>): void {
  for (const work of waiting) {
    try {
      void Promise.resolve(work()).catch((error: unknown) => console.error('After-commit work failed', error));
    } catch (error) {
      console.error('After-commit work failed', error);
    }
  }
}

const dialect = new PgDialect();

/**
 * Runs a statement the shop runs very often (placing an order) as a named prepared statement, in the database or
 * the transaction `db` is, so PostgreSQL plans it once per connection. The same name must always come with the
 * same SQL text; parameters may differ. PGlite has one connection and runs it as it is.
 */
export function executePrepared<Row>(db: Db, name: string, query: SQL): Promise<Row[]> {
  return runPrepared<Row>(db, name, queryOf(query));
}

/** A query's text and parameters, as drizzle sends them. */
export const queryOf = (query: SQL): Query => dialect.sqlToQuery(query);

/** Runs a query already turned into text as the named prepared statement `name` (see executePrepared). */
export async function runPrepared<Row>(
  db: Db,
  name: string,
  query: Query,
  params?: Record<string, unknown>,
): Promise<Row[]> {
  const prepared = db._.session.prepareQuery(query, undefined, name, false);
  return ((await prepared.execute(params)) as { rows: Row[] }).rows;
}

/** The shop's migrations, as drizzle-kit writes them: every process applies the new ones at start. */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const STARTUP_LOCK_ID = 7_242_001;

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite stores data in dataDir (or in memory when dataDir is absent). */
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** PGlite only: flush every commit to disk, so a power cut loses no accepted order (decision 0015). */
  pgliteFsync?: boolean;
  /** PGlite only: start from this dump of a data directory (dumpDataDir), in memory or into an empty dataDir. */
  loadDataDir?: Blob;
  /** Where PostgreSQL's lost and restored LISTEN connection is reported. */
  log?: (message: string) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10, options.log)
    : openPglite(options.dataDir, options.pgliteFsync ?? true, options.loadDataDir);
}

/**
 * PGlite in `dataDir`, or in memory. One process at a time opens a data directory (decision 0022): a second one (a
 * script such as admin:create beside a running shop, a second `npm start`) is refused with DatabaseInUseError before it
 * touches anything, since its writes would be lost or would corrupt the first one's.
 */
async function openPglite(dataDir: string | undefined, fsync: boolean, loadDataDir?: Blob): Promise<Database> {
  let unlock = async () => {};
  let client: PGlite | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    // `npm run backup` beside the running shop asks this process for the dump (decision 0067).
    const dump = () => (client ? client.dumpDataDir('none') : Promise.reject(new Error('the shop is still starting')));
    unlock = await lockDataDir(dataDir, servingDumps(dump));
  }
  const optionsFor = (dir?: string): PGliteOptions =>
    dir && fsync ? fsyncPgliteOptions(dir) : { dataDir: dir, startParams: PGLITE_START_PARAMS };
  try {
    if (dataDir && !loadDataDir) await placeEmptyCluster(dataDir);
    client = await PGlite.create({ ...optionsFor(dataDir), loadDataDir });
  } catch (error) {
    await unlock();
    throw error;
  }
  const opened = client;
  const db: Db = drizzlePglite(opened);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    withStartupLock: (fn) => fn(), // one process per data directory: openPglite's lock
    unlessRunningElsewhere: async (_lockId, fn) => {
      await fn(); // no other process shares this data directory
      return true;
    },
    listen: async (channel, onMessage) => opened.listen(channel, onMessage),
    notify: async (channel, payload = '') => {
      await opened.query(`select pg_notify($1, $2)`, [channel, payload]);
    },
    async transaction(fn) {
      const [result, waiting] = await db.transaction((tx) => collectingCommitWork(tx, fn));
      runCommitWork(waiting);
      return result;
    },
    dumpDataDir: () => opened.dumpDataDir('none'),
    connections: () => ({ total: 1, idle: 1, waiting: 0 }),
    async close() {
      try {
        await opened.close();
      } finally {
        await unlock();
      }
    },
  };
}

async function openPostgres(
  url: string,
  poolSize: number,
  log: ((message: string) => void) | undefined,
): Promise<Database> {
  // Pipelined: statements a transaction sends together go out without waiting for each other's answers.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, pipeline: true, stream: coalescingSocket });
  pool.on('error', () => {}); // an idle client's dropped connection is replaced on next use
  const db: Db = drizzlePg(pool);
  const listener = new PostgresListener(url, { log });
  return {
    db,
    kind: 'postgres',
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: () => migratePg(db as never, { migrationsFolder }),
    async withStartupLock(fn) {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
        return await fn();
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => {});
        lockClient.release();
      }
    },
    async unlessRunningElsewhere(lockId, fn) {
      const lockClient = await pool.connect();
      try {
        const { rows } = await lockClient.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
          lockId,
        ]);
        if (!rows[0]?.locked) return false;
        try {
          await fn();
        } finally {
          await lockClient.query('select pg_advisory_unlock($1)', [lockId]).catch(() => {});
        }
        return true;
      } finally {
        lockClient.release();
      }
    },
    listen: (channel, onMessage, onResync) => listener.listen(channel, onMessage, onResync),
    async notify(channel, payload = '') {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async transaction(fn) {
      const client = await pool.connect();
      const tx = drizzleOn(client);
      const begun = client.query('begin');
      try {
        const [result, waiting] = await collectingCommitWork(tx, fn);
        await begun;
        await client.query('commit');
        runCommitWork(waiting);
        return result;
      } catch (error) {
        await begun.catch(() => {});
        // After a COMMIT that found the transaction failed (it rolled back), this only finds none in progress.
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/** Each pooled connection's drizzle, made once, not again for every transaction. */
const drizzleOfClient = new WeakMap<pg.PoolClient, Db>();

function drizzleOn(client: pg.PoolClient): Db {
  let tx = drizzleOfClient.get(client);
  if (!tx) drizzleOfClient.set(client, (tx = drizzlePg(client)));
  return tx;
}
