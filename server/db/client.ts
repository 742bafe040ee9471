import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fsyncPgliteOptions } from './pglite-fsync.ts';
import { PostgresListener } from './listener.ts';
import { coalescingSocket } from './coalescing-socket.ts';

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
   * statement, and statements fn sends together share a round trip.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const dialect = new PgDialect();

/**
 * Runs a statement the shop runs very often (placing an order) as a named prepared statement, in the database or
 * the transaction `db` is, so PostgreSQL plans it once per connection. The same name must always come with the
 * same SQL text; parameters may differ. PGlite has one connection and runs it as it is.
 */
export async function executePrepared<Row>(db: Db, name: string, query: SQL): Promise<Row[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return ((await prepared.execute()) as { rows: Row[] }).rows;
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

async function openPglite(dataDir: string | undefined, fsync: boolean): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir && fsync ? fsyncPgliteOptions(dataDir) : { dataDir });
  const db: Db = drizzlePglite(client);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    withStartupLock: (fn) => fn(), // one process per data directory
    listen: async (channel, onMessage) => client.listen(channel, onMessage),
    notify: async (channel, payload = '') => {
      await client.query(`select pg_notify($1, $2)`, [channel, payload]);
    },
    transaction: (fn) => db.transaction(fn),
    close: () => client.close(),
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
      const begun = client.query('begin');
      try {
        const result = await fn(drizzlePg(client));
        await begun;
        await client.query('commit');
        return result;
      } catch (error) {
        await begun.catch(() => {});
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
