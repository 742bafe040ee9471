import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { startShopProcess, type ShopProcess } from '../testing/shop-process.ts';
import { createScratchDatabase, type ScratchDatabase } from '../testing/postgres.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp-server.ts';
import { orderBody } from '../testing/orders.ts';
import { MAX_UNPAID_PREPAID_ORDERS } from '../../core/contracts/payments.ts';

// Whole shops on PostgreSQL, stopped and killed while their jobs and mails are in flight (decision 0021).
const baseUrl = process.env.TEST_DATABASE_URL;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until check() is true; false when `withinMs` passed first. */
async function until(withinMs: number, check: () => boolean | Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await pause(50);
  }
}

/** How many times each (recipient, subject) arrived. */
function arrivals(smtp: TestSmtpServer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of smtp.received) {
    const key = `${mail.to && !Array.isArray(mail.to) ? mail.to.text : '?'} | ${mail.subject}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

async function postJson(shop: ShopProcess, route: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${shop.origin}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** `lanes` loops at once, each taking the next of `count` steps until none is left. */
async function inLanes(lanes: number, count: number, step: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let index = next++; index < count; index = next++) await step(index);
    }),
  );
}

/** A scratch database, an SMTP server and a data directory: what each test's shop runs on, and their cleaning up. */
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
async function shopWorld(prefix: string) {
  const scratch: ScratchDatabase = await createScratchDatabase(baseUrl!, prefix);
  cleanups.push(() => scratch.drop());
  const smtp = await startSmtpServer();
  cleanups.push(() => smtp.close());
  const dataDir = path.resolve('.cache/processes', `${prefix}-${randomBytes(6).toString('hex')}`);
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const database = new pg.Client({ connectionString: scratch.url });
  const env = {
    DATABASE_URL: scratch.url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    AUTH_ATTEMPTS_PER_MINUTE: '100000',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
    ORDERS_PER_HOUR: '1000000',
  };
  const shops: ShopProcess[] = [];
  cleanups.push(async () => {
    for (const shop of shops) shop.kill('SIGKILL');
    await database.end().catch(() => {});
  });
  return {
    smtp,
    database,
    async start(role: Record<string, string> = {}) {
      const shop = await startShopProcess({ ...env, ...role });
      shops.push(shop);
      if (shops.length === 1) await database.connect(); // once the first start has migrated
      return shop;
    },
    /** Each mail in the outbox arrived exactly once: no more, no fewer. */
    async expectEachMailOnce() {
      const { rows } = await database.query<{ to: string; subject: string; status: string }>(
        'select "to", subject, status from mail_outbox',
      );
      expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
      const expected = new Map<string, number>();
      for (const row of rows)
        expected.set(`${row.to} | ${row.subject}`, (expected.get(`${row.to} | ${row.subject}`) ?? 0) + 1);
      expect(arrivals(smtp)).toEqual(expected);
      return rows.length;
    },
    async unpaidOrders() {
      const { rows } = await database.query<{ n: number }>(
        `select count(*)::int as n from orders where payment_status <> 'paid'`,
      );
      return rows[0]!.n;
    },
    async pendingMails() {
      const { rows } = await database.query<{ n: number }>(
        `select count(*)::int as n from mail_outbox where status = 'pending'`,
      );
      return rows[0]!.n;
    },
  };
}

describe.skipIf(!baseUrl)('scheduled work across a stop, on PostgreSQL', () => {
  test('SIGTERM right after 500 prepaid orders exits 0 within 8 s; the mails still pending go out after the next start', async () => {
    const world = await shopWorld('shop_burst');
    world.smtp.acceptDelayMs = 1000; // a slow mail server (4 mails a second): the burst's mails queue up
    const shop = await world.start();
    const { rows } = await world.database.query<{ id: string }>(
      `with category as (insert into categories (slug, name) values ('lamps', 'Lamps') returning id),
       product as (
         insert into products (slug, title, category_id, original_price_paise, price_paise)
         select 'brass-lamp', 'Brass lamp', id, 49900, 49900 from category returning id
       )
       insert into stock_levels (product_id, count_in_stock) select id, 1000000 from product
       returning product_id as id`,
    );
    await world.database.query(`select pg_notify('catalog_changed', '')`);
    const productId = rows[0]!.id;

    // Each shopper may leave MAX_UNPAID_PREPAID_ORDERS unpaid: enough shoppers for 500 orders.
    const orders = 500;
    const tokens: string[] = [];
    await inLanes(8, Math.ceil(orders / MAX_UNPAID_PREPAID_ORDERS), async (index) => {
      const signUp = await postJson(shop, '/api/auth/signup', {
        fullname: 'Asha Verma',
        email: `burst${index}@example.in`,
        password: 'kesar42chai',
      });
      expect(signUp.status, signUp.text).toBe(201);
      tokens[index] = (JSON.parse(signUp.text) as { accessToken: string }).accessToken;
    });
    await world.database.query('update users set email_verified_at = now()');

    await inLanes(16, orders, async (index) => {
      const bearer = { authorization: `Bearer ${tokens[index % tokens.length]!}` };
      const body = orderBody([{ _id: productId, quantity: 1 }], { paymentMethod: 'prepaid' });
      const order = await postJson(shop, '/api/orders/create-order', body, bearer);
      expect(order.status, order.text).toBe(201);
      const { orderId } = JSON.parse(order.text) as { orderId: string };
      const payment = await postJson(shop, '/api/payment/create-order', { orderId }, bearer);
      expect(payment.status, payment.text).toBe(200);
      // The shopper pays: the local PhonePe sends its webhook, a job the shop runs at once (a mail once confirmed).
      const { merchantOrderId } = JSON.parse(payment.text) as { merchantOrderId: string };
      const paid = await postJson(shop, `/__phonepe/_control/payments/${merchantOrderId}`, { outcome: 'COMPLETED' });
      expect(paid.status, paid.text).toBe(200);
    });

    const stopping = Date.now();
    shop.kill('SIGTERM');
    const code = await shop.exited;
    const tookMs = Date.now() - stopping;
    const pending = await world.pendingMails();
    const unpaid = await world.unpaidOrders();
    console.log(
      `SIGTERM after ${orders} prepaid orders: exit ${code} in ${tookMs} ms; ${pending} mails pending, ${unpaid} orders not paid yet`,
    );
    expect(code, shop.output()).toBe(0);
    expect(tookMs).toBeLessThan(8000);
    expect(shop.output()).not.toContain('exiting anyway');
    expect(pending).toBeGreaterThan(0); // else this test shows nothing

    world.smtp.acceptDelayMs = 0;
    const restarted = await world.start();
    const restarting = Date.now();
    const settled = async () => (await world.unpaidOrders()) === 0 && (await world.pendingMails()) === 0;
    expect(await until(120_000, settled)).toBe(true);
    console.log(`after the restart, every order paid and every mail sent in ${Date.now() - restarting} ms`);
    await pause(500); // anything sent twice would arrive now
    expect(await world.expectEachMailOnce()).toBe(orders + tokens.length); // payment and sign-up mails
    restarted.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  }, 300_000);

  test('after a SIGKILL in the middle of sending 15 reset mails, each arrives once within 60 s of the restart', async () => {
    const world = await shopWorld('shop_mail_kill');
    const shop = await world.start();
    const emails = Array.from({ length: 15 }, (_, n) => `reset${n}@example.in`);
    await world.database.query(`insert into users (full_name, email) select 'Asha Verma', unnest($1::text[])`, [
      emails,
    ]);
    // A slow server that accepts five, then holds the next ones unanswered: the shop dies with them in flight.
    world.smtp.acceptDelayMs = 200;
    world.smtp.acceptAtMost = 5;
    for (const email of emails) {
      const answer = await postJson(shop, '/api/auth/forgot-password', { email });
      expect(answer.status, answer.text).toBe(200);
    }
    expect(await until(30_000, () => world.smtp.received.length === 5 && world.smtp.waiting > 0)).toBe(true);
    await pause(300); // the fifth's acceptance is recorded
    shop.kill('SIGKILL');
    await shop.exited;
    expect(await world.pendingMails()).toBe(10);

    world.smtp.acceptDelayMs = 0;
    world.smtp.acceptAtMost = Infinity;
    const restarting = Date.now();
    await world.start();
    expect(await until(60_000, () => arrivals(world.smtp).size === 15)).toBe(true);
    const tookMs = Date.now() - restarting;
    console.log(`15 reset mails, killed after 5: all arrived ${tookMs} ms after the restart`);
    expect(tookMs).toBeLessThan(60_000);
    expect(await until(5000, async () => (await world.pendingMails()) === 0)).toBe(true);
    await pause(500); // anything sent twice would arrive now
    expect(await world.expectEachMailOnce()).toBe(15);
    expect([...arrivals(world.smtp).keys()].map((key) => key.split(' | ')[0]).sort()).toEqual([...emails].sort());
  }, 180_000);

  test('a server process (WORKER_MODE=server) sends no mail; a worker on the same database sends it', async () => {
    const world = await shopWorld('shop_roles');
    const server = await world.start({ WORKER_MODE: 'server' });
    await world.database.query(`insert into users (full_name, email) values ('Asha Verma', 'roles@example.in')`);
    const answer = await postJson(server, '/api/auth/forgot-password', { email: 'roles@example.in' });
    expect(answer.status, answer.text).toBe(200);
    await pause(3000); // three of its poll rounds: a process running jobs would have sent it by now
    expect(world.smtp.received).toHaveLength(0);
    expect(await world.pendingMails()).toBe(1);

    await world.start({ WORKER_MODE: 'worker' });
    expect(await until(30_000, () => world.smtp.received.length === 1)).toBe(true);
    expect(await world.expectEachMailOnce()).toBe(1);
  }, 180_000);
});
