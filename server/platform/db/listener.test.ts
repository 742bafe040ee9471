import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { eq, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { startTestShop } from '../../testing/harness.ts';
import { catalogProduct, productSupply } from '../../testing/orders.ts';
import { stockLevels } from '../../stock/schema.ts';

const baseUrl = process.env.TEST_DATABASE_URL;

/** A TCP relay to PostgreSQL that a test can cut, as a restart or a network failure would. */
async function startRelay(target: URL) {
  const sockets = new Set<Socket>();
  let refusing = false;
  let accepted = 0;
  const server: Server = createServer((client) => {
    accepted++;
    if (refusing) return client.destroy();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = new URL(target);
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    connections: () => accepted,
    /** Drops every open connection and refuses new ones until restore(). */
    cut() {
      refusing = true;
      for (const socket of sockets) socket.destroy();
    },
    restore: () => (refusing = false),
    close() {
      this.cut();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const waitFor = async (condition: () => boolean | Promise<boolean>, withinMs: number) => {
  const deadline = Date.now() + withinMs;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
};

// Once, on the api-postgres project: PGlite has no connection to lose.
describe.skipIf(process.env.TEST_DB !== 'postgres' || !baseUrl)('the PostgreSQL LISTEN connection', () => {
  const admin = new pg.Client({ connectionString: baseUrl });
  const opened: Database[] = [];
  const channel = `listener_test_${randomBytes(4).toString('hex')}`;

  beforeAll(() => admin.connect());
  afterEach(async () => {
    // Some tests close their database themselves.
    await Promise.all(opened.splice(0).map((database) => database.close().catch(() => {})));
  });
  afterAll(() => admin.end());

  /** A database whose connections name themselves, so the test can find and terminate its listener. */
  async function listeningDatabase(url = baseUrl!) {
    const applicationName = `listener_${randomBytes(4).toString('hex')}`;
    const named = new URL(url);
    named.searchParams.set('application_name', applicationName);
    const logLines: string[] = [];
    const database = await openDatabase({ url: named.toString(), log: (line) => logLines.push(line) });
    opened.push(database);
    const messages: string[] = [];
    let resyncs = 0;
    const unsubscribe = await database.listen(
      channel,
      (payload) => messages.push(payload),
      () => resyncs++,
    );
    const listenerPids = async () =>
      (
        await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity where application_name = $1 and query ilike 'listen%'`,
          [applicationName],
        )
      ).rows.map(({ pid }) => pid);
    return { database, messages, logLines, resyncs: () => resyncs, unsubscribe, listenerPids };
  }

  const notify = (payload: string) => admin.query('select pg_notify($1, $2)', [channel, payload]);

  test('listens again after its backend is terminated, resyncs, and hears the next NOTIFY within 1 s', async () => {
    const listener = await listeningDatabase();
    await notify('before');
    expect(await waitFor(() => listener.messages.includes('before'), 1000)).toBe(true);

    const [pid] = await listener.listenerPids();
    expect(pid).toBeDefined();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    expect(await waitFor(() => listener.resyncs() === 1, 1000), 'resynced within 1 s').toBe(true);

    await notify('after');
    expect(await waitFor(() => listener.messages.includes('after'), 1000), 'heard within 1 s').toBe(true);
    expect(await listener.listenerPids()).not.toContain(pid);
    expect(listener.logLines).toHaveLength(2);
    expect(listener.logLines[0]).toMatch(/LISTEN connection lost .*terminating connection/);
    expect(listener.logLines[1]).toMatch(/LISTEN connection is back after \d+\.\d s/);
  });

  test('an outage with many failed attempts logs one line when it starts and one when it ends', async () => {
    const relay = await startRelay(new URL(baseUrl!));
    try {
      const listener = await listeningDatabase(relay.url);
      const before = relay.connections();
      relay.cut();
      await pause(1500);
      // 100, 200, 400, 800 ms ceilings with jitter: at least three refused attempts in 1.5 s.
      expect(relay.connections() - before).toBeGreaterThanOrEqual(3);
      expect(listener.resyncs()).toBe(0);
      relay.restore();

      expect(await waitFor(() => listener.resyncs() === 1, 6000), 'resynced once the database is back').toBe(true);
      await notify('back');
      expect(await waitFor(() => listener.messages.includes('back'), 1000)).toBe(true);
      expect(listener.logLines).toHaveLength(2);
      expect(listener.logLines[0]).toMatch(/LISTEN connection lost/);
      expect(listener.logLines[1]).toMatch(/back after [1-9]\d*\.\d s/);
      expect(listener.logLines.join('\n')).not.toMatch(/\n\s+at /);
    } finally {
      await relay.close();
    }
  });

  test('stops reconnecting once closed, and leaves no connection behind after the last unsubscribe', async () => {
    const relay = await startRelay(new URL(baseUrl!));
    try {
      const unsubscribed = await listeningDatabase();
      expect(await unsubscribed.listenerPids()).toHaveLength(1);
      await unsubscribed.unsubscribe();
      expect(await waitFor(async () => (await unsubscribed.listenerPids()).length === 0, 1000)).toBe(true);

      const closed = await listeningDatabase(relay.url);
      relay.cut();
      await pause(150); // lost, and retrying
      await closed.database.close();
      await pause(50); // an attempt already under way may still reach the relay
      const afterClose = relay.connections();
      relay.restore();
      await pause(500);
      expect(relay.connections()).toBe(afterClose);
      expect(closed.resyncs()).toBe(0);
    } finally {
      await relay.close();
    }
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('the catalogue after its listener was cut off', () => {
  test('drops its cache once it listens again, since changes published meanwhile were never heard', async () => {
    const shop = await startTestShop();
    try {
      const { db } = shop.services.database;
      // node-postgres results carry their rows.
      const pids = async (query: SQL) =>
        ((await db.execute(query)) as unknown as { rows: { pid: number }[] }).rows.map(({ pid }) => pid);
      const productId = await productSupply(shop)({ stock: 7 });
      await pause(300); // the supply's own NOTIFY comes back to this process: let it pass before filling the cache
      expect((await catalogProduct(shop, productId)).countInStock).toBe(7);

      const terminated = await pids(sql`
        select pg_terminate_backend(pid), pid from pg_stat_activity
         where datname = current_database() and query ilike 'listen%'`);
      expect(terminated.length).toBeGreaterThan(0);
      // A change whose NOTIFY nobody heard: the listener was down.
      await db.update(stockLevels).set({ countInStock: 3 }).where(eq(stockLevels.productId, productId));
      const relistened = await waitFor(async () => {
        const listening = await pids(sql`
          select pid from pg_stat_activity
           where datname = current_database() and query ilike 'listen%' and state = 'idle'`);
        return listening.some((pid) => !terminated.includes(pid));
      }, 5000);
      expect(relistened).toBe(true);

      // Within a second: the resync runs as the LISTEN's reply arrives, a moment after the server shows it idle.
      const fresh = await waitFor(async () => (await catalogProduct(shop, productId)).countInStock === 3, 1000);
      expect(fresh, 'the new stock shows once the catalogue listens again').toBe(true);
    } finally {
      await shop.close();
    }
  });
});
