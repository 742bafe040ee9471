import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createServices, type Services } from '../services.ts';
import { buildServer } from '../app.ts';
import { LocalDiskStorage } from '../storage/storage.ts';

export interface TestShop {
  app: FastifyInstance;
  services: Services;
  /** A second connection to the same database, as another app process would have. */
  openPeer(): Promise<Services>;
  close(): Promise<void>;
}

/** Content-addressed originals and variants are shared between test runs, so artwork renders once. */
const sharedStorage = () => new LocalDiskStorage(path.resolve('.cache/test-files'));

/** Which database the api-* vitest project asked for: PGlite in memory, or a fresh PostgreSQL database. */
async function createTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openDatabase({});
    return { database, drop: async () => {} };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  return {
    database,
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A migrated, seeded shop on a database of its own, serving the API in-process (app.inject). */
export async function startTestShop(
  env: Record<string, string> = {},
  { logDestination }: { logDestination?: DestinationStream } = {},
): Promise<TestShop> {
  const { database, url, drop } = await createTestDatabase();
  // Tests sign many shoppers up from one address and place many orders of demo products at their price; the
  // rate-limit and order-limit tests set their own limits.
  const limits = { AUTH_ATTEMPTS_PER_MINUTE: '100000', ORDERS_PER_HOUR: '1000000', COD_MAX_RUPEES: '1000000' };
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...limits, ...env });
  const services = await createServices(config, { database, storage: sharedStorage(), logDestination });
  const app = await buildServer(services, { logger: Boolean(logDestination) });
  await app.ready();
  const peers: Services[] = [];
  return {
    app,
    services,
    async openPeer() {
      if (!url) throw new Error('Only PostgreSQL can be shared between processes');
      const peerDatabase = await openDatabase({ url });
      const peer = await createServices(config, { database: peerDatabase, storage: sharedStorage() });
      peers.push(peer);
      return peer;
    },
    async close() {
      await app.close();
      await Promise.all(peers.map((peer) => peer.close()));
      await services.close();
      await drop();
    },
  };
}
