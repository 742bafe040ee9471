import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Query, SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fsyncPgliteOptions } from './pglite-fsync.ts';
import { PostgresListener } from './listener.ts';
import { coalescingSocket } from './coalescing-socket.ts';
import { lockDataDir } from './data-dir-lock.ts';

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
   * Calls onMessage with the payload whenever any process publishes on the channel. Messages published while
   * the listener was cut off are lost, so onResync is called once it listens again: callers drop what they cached.
   * Returns an unsubscribe function.
   */
  listen(channel: string, onMessage: (payload: string) => void, onResync?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload?: string): Promise<void>;
  /**
   * Runs fn in one transaction, rolled back when fn throws. On PostgreSQL the BEGIN is pipelined with fn's first
   * statement, statements fn sends together share a round trip, and `end.commitWith` sends fn's last writes with
   * the COMMIT.
   */
  transaction<T>(fn: (tx: Db, end: TransactionEnd) => Promise<T>): Promise<T>;
  /**
   * Writes that need nothing from each other's answers, in one transaction that costs one round trip on
   * PostgreSQL: BEGIN, the statements and COMMIT leave together. `statements` must send each one at once (call
   * `.execute()` on a query builder; an awaited builder is sent a tick later, after the COMMIT), and this
   * refuses any that did not. All or nothing: when one fails, the rest are rolled back and its error is thrown.
   */
  writeAtOnce(statements: (tx: Db) => Array<Promise<unknown>>): Promise<void>;
  close(): Promise<void>;
}

/** How a transaction's last writes leave. */
export interface TransactionEnd {
  /**
   * Sends the writes `statements` makes and the COMMIT together, one round trip on PostgreSQL, and waits for
   * them: all or nothing, the first failure thrown. Each must be sent at once, as for writeAtOnce; when one was
   * not, they are awaited and committed in turn. Once this resolves the transaction is over: fn returns.
   */
  commitWith(statements: () => Array<Promise<unknown>>): Promise<void>;
}

/** Waits for every write, then throws the first failure: none is left running behind a rollback. */
async function settleAll(writes: Array<Promise<unknown>>): Promise<void> {
  const failed = (await Promise.allSettled(writes)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
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

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const STARTUP_LOCK_ID = 7_242_001;

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite stores data in dataDir (or in memory when dataDir is absent). */
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** PGlite only: flush every commit to disk, so a power cut loses no accepted order (decision 0015). */
  pgliteFsync?: boolean;
  /** Where PostgreSQL's lost and restored LISTEN connection is reported. */
  log?: (message: string) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10, options.log)
    : openPglite(options.dataDir, options.pgliteFsync ?? true);
}

/**
 * PGlite in `dataDir`, or in memory. One process at a time opens a data directory (decision 0022): a second one (a
 * script such as set-role beside a running shop, a second `npm start`) is refused with DatabaseInUseError before it
 * touches anything, since its writes would be lost or would corrupt the first one's.
 */
async function openPglite(dataDir: string | undefined, fsync: boolean): Promise<Database> {
  let unlock = async () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = await lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir && fsync ? fsyncPgliteOptions(dataDir) : { dataDir });
  } catch (error) {
    await unlock();
    throw error;
  }
  const db: Db = drizzlePglite(client);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    withStartupLock: (fn) => fn(), // one process per data directory: openPglite's lock
    listen: async (channel, onMessage) => client.listen(channel, onMessage),
    notify: async (channel, payload = '') => {
      await client.query(`select pg_notify($1, $2)`, [channel, payload]);
    },
    // One connection, one statement at a time: the writes then the COMMIT, as they come.
    transaction: (fn) => db.transaction((tx) => fn(tx, { commitWith: (statements) => settleAll(statements()) })),
    writeAtOnce: (statements) => db.transaction((tx) => settleAll(statements(tx))),
    async close() {
      try {
        await client.close();
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
    listen: (channel, onMessage, onResync) => listener.listen(channel, onMessage, onResync),
    async notify(channel, payload = '') {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async transaction(fn) {
      const client = await pool.connect();
      const { tx, sentSince } = countingDrizzle(client);
      const begun = client.query('begin');
      let committed: Promise<unknown> | null = null;
      const end: TransactionEnd = {
        async commitWith(statements) {
          const sent = sentSince();
          const writes = statements();
          if (sent() === writes.length) {
            committed = client.query('commit');
            committed.catch(() => {}); // its failure is thrown below, once the writes have settled
          }
          await settleAll(writes);
          await committed;
        },
      };
      try {
        const result = await fn(tx, end);
        await begun;
        await (committed ?? client.query('commit'));
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
    async writeAtOnce(statements) {
      const client = await pool.connect();
      const { tx, sentSince } = countingDrizzle(client);
      try {
        const sent = sentSince();
        const writes = [client.query('begin'), ...statements(tx)];
        if (sent() !== writes.length - 1) {
          writes.push(Promise.reject(new Error('writeAtOnce: a statement was not sent at once')));
        } else {
          writes.push(client.query('commit'));
        }
        try {
          await settleAll(writes);
        } catch (error) {
          // A failed statement turned the COMMIT into a rollback; without one sent, this rolls back.
          await client.query('rollback').catch(() => {});
          throw error;
        }
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
const drizzleOfClient = new WeakMap<pg.PoolClient, { tx: Db; sent: () => number }>();

/**
 * drizzle on one pooled connection, counting the statements it hands to the connection: drizzle logs each just
 * as it sends it, so `sentSince()()` says how many went out since, all at once or not.
 */
function countingDrizzle(client: pg.PoolClient) {
  let made = drizzleOfClient.get(client);
  if (!made) {
    let sent = 0;
    made = { tx: drizzlePg(client, { logger: { logQuery: () => void sent++ } }), sent: () => sent };
    drizzleOfClient.set(client, made);
  }
  const { tx, sent } = made;
  return {
    tx,
    sentSince: () => {
      const before = sent();
      return () => sent() - before;
    },
  };
}
