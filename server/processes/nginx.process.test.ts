// Three shop processes on PostgreSQL and Redis behind Debian's nginx with deploy/nginx/shop.conf (issue 33,
// decision 0068): a rolling restart under a steady load fails no request and loses no order, a kill -9 fails few.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ORDER_LIMITS, preparePostgresBuyers } from '../../bench/cod-orders.ts';
import { startNginx, type NginxProxy } from '../testing/nginx-proxy.ts';
import { orderBody } from '../testing/orders.ts';
import { createScratchDatabase, type ScratchDatabase } from '../testing/postgres.ts';
import { firstProductPath, freePort, startShopProcess, type ShopProcess } from '../testing/shop-process.ts';
import { SteadyLoad, isFailure, type Outcome } from '../testing/steady-load.ts';

const baseUrl = process.env.TEST_DATABASE_URL;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const REQUESTS_PER_SECOND = 20;
const SHOPPERS = 12;
/** Steady load before and after each event, long enough that nginx sends to every process in between. */
const AROUND_MS = 2_000;

let scratch: ScratchDatabase | undefined;
let database: pg.Pool | undefined;
let nginx: NginxProxy | undefined;
const shops: ShopProcess[] = [];
const dataDir = path.resolve('.cache/processes', `nginx-${randomBytes(6).toString('hex')}`);
let env: Record<string, string> = {};
let tokens: string[] = [];
let productIds: string[] = [];
let productPage = '';

/** A process as systemd's shop@<port> runs it: every process shares the database, Redis, storage and secrets. */
const startShop = (port: number) => startShopProcess({ ...env, PORT: String(port) }, { timeoutMs: 150_000 });

async function untilReady(shop: ShopProcess): Promise<void> {
  for (;;) {
    if ((await fetch(`${shop.origin}/api/health/ready`)).status === 200) return;
    await pause(50);
  }
}

const newLoad = () =>
  new SteadyLoad(nginx!.origin, {
    pages: [productPage, '/shop'],
    reads: ['/api/product/all-products', `/api/product/${productIds[0]}`],
    orders: { tokens, productIds, body: (ids) => orderBody(ids.map((_id) => ({ _id, quantity: 1 }))) },
  });

const describeFailures = (failures: Outcome[], since: number) =>
  failures.map(
    ({ kind, path, status, startedAt, ms }) => `${kind} ${path}: ${status} at +${startedAt - since} ms, ${ms} ms`,
  );

/** Every order answered 201 is in its shopper's list, and no key made two orders. */
async function expectOrdersKept(load: SteadyLoad) {
  expect(load.orders.length).toBeGreaterThan(0);
  expect(
    load.orders.filter(({ orderId }) => orderId === null),
    'orders never placed',
  ).toEqual([]);
  for (const [shopper, token] of tokens.entries()) {
    const listed = await fetch(`${nginx!.origin}/api/orders/get-user-orders`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(listed.status).toBe(200);
    const ids = new Set(((await listed.json()) as Array<{ orderId: string }>).map(({ orderId }) => orderId));
    const placed = load.orders.filter((order) => order.shopper === shopper).map(({ orderId }) => orderId!);
    expect(
      placed.filter((orderId) => !ids.has(orderId)),
      `shopper ${shopper}'s lost orders`,
    ).toEqual([]);
  }
  const { rows } = await database!.query<{ key: string; orders: number }>(
    'select idempotency_key as key, count(*)::int as orders from orders where idempotency_key = any($1) group by 1',
    [load.orders.map(({ key }) => key)],
  );
  expect(
    rows.filter(({ orders }) => orders !== 1),
    'keys with more than one order',
  ).toEqual([]);
  expect(rows.length, 'one order per key').toBe(load.orders.length);
}

describe.skipIf(!baseUrl)('three shop processes behind nginx (deploy/nginx/shop.conf)', () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl!, 'shop_nginx');
    database = new pg.Pool({ connectionString: scratch.url, max: 2 });
    env = {
      DATABASE_URL: scratch.url,
      // One storage for all, as on a shared disk; the same secrets key, which each would otherwise generate.
      DATA_DIR: dataDir,
      SECRETS_KEY: randomBytes(32).toString('hex'),
      REDIS_URL: 'redis://127.0.0.1:6379',
      TRUST_PROXY: '1', // nginx: one proxy, so SHUTDOWN_DRAIN_MS is 2000
      LOG_LEVEL: 'info',
      ...ORDER_LIMITS, // an owner's raised limits: every shopper here orders from nginx's one address
    };
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    shops.push(...(await Promise.all(ports.map(startShop))));
    nginx = await startNginx(ports);
    tokens = await preparePostgresBuyers(nginx.origin, scratch.url, SHOPPERS);
    const { products } = (await (await fetch(`${nginx.origin}/api/product/all-products`)).json()) as {
      products: Array<{ _id: string }>;
    };
    productIds = products.map(({ _id }) => _id);
    productPage = await firstProductPath(nginx.origin);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
    await nginx?.stop();
    await database?.end();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('nginx -t accepts the shipped configuration; /metrics is not answered through it', async () => {
    expect(nginx!.configTest).toMatch(/test is successful/);
    expect((await fetch(`${nginx!.origin}/metrics`)).status).toBe(404);
  });

  test("an answer's X-Request-Id is in the log line of the process that served it: the client's, else nginx's", async () => {
    const servedBy = (id: string) => shops.filter((shop) => shop.output().includes(`"reqId":"${id}"`));
    // A refusal is logged at info, as each write is (decision 0043).
    const ownId = `shopper-${randomBytes(4).toString('hex')}`;
    const sent = await fetch(`${nginx!.origin}/api/no-such-route`, { headers: { 'x-request-id': ownId } });
    const none = await fetch(`${nginx!.origin}/api/no-such-route`);
    expect(sent.status).toBe(404);
    expect(sent.headers.get('x-request-id')).toBe(ownId);
    const nginxId = none.headers.get('x-request-id')!;
    expect(nginxId).toMatch(/^[0-9a-f]{32}$/); // nginx's $request_id
    await pause(200); // the log line is written after the answer
    expect(servedBy(ownId)).toHaveLength(1);
    expect(servedBy(nginxId)).toHaveLength(1);
  });

  test('a rolling restart of all three under 20 requests/s fails no request, loses no order and duplicates none', async () => {
    const load = newLoad();
    const since = Date.now();
    const stop = load.steady(REQUESTS_PER_SECOND);
    await pause(AROUND_MS);
    for (const [index, shop] of shops.entries()) {
      expect(await shop.stop(), 'exit code after SIGTERM').toBe(0);
      shops[index] = await startShop(shop.port);
      await untilReady(shops[index]);
      await pause(AROUND_MS);
    }
    await stop();
    const failures = load.outcomes.filter(isFailure);
    expect(describeFailures(failures, since)).toEqual([]);
    expect(load.outcomes.length).toBeGreaterThan(REQUESTS_PER_SECOND * 10);
    await expectOrdersKept(load);
    await load.close();
  }, 200_000);

  test('kill -9 of one: at most 10 failed requests, none 5 s after; with retries no order lost or doubled; back within 60 s', async () => {
    const load = newLoad();
    const stop = load.steady(REQUESTS_PER_SECOND);
    await pause(AROUND_MS);
    const killedAt = Date.now();
    const victim = shops[1]!;
    victim.kill('SIGKILL');
    await victim.exited;
    shops[1] = await startShop(victim.port);
    await untilReady(shops[1]);
    const readyAfterMs = Date.now() - killedAt;
    await pause(Math.max(AROUND_MS, killedAt + 6_000 - Date.now()));
    await stop();
    const failures = load.outcomes.filter(isFailure);
    expect(failures.length, describeFailures(failures, killedAt).join('\n')).toBeLessThanOrEqual(10);
    const late = failures.filter(({ startedAt, ms }) => startedAt + ms > killedAt + 5_000);
    expect(describeFailures(late, killedAt), 'failures later than 5 s after the kill').toEqual([]);
    expect(readyAfterMs).toBeLessThanOrEqual(60_000);
    await expectOrdersKept(load);
    await load.close();
  }, 200_000);
});
