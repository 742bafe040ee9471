// Shoppers and their orders on a shop process, through its HTTP API only, so they work on the embedded database
// too (no second process may open it): sign-up, the verification link from the local mailbox, COD orders in a loop.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { callShop } from './shop-pair.ts';
import { runNpmScript } from './npm-script.ts';
import { orderBody } from './orders.ts';
import type { ShopProcess } from './shop-process.ts';
import type { Order } from '../../core/order.ts';

export const SHOPPER_PASSWORD = 'kesar42chai';

/** Settings that let a test place orders as fast as it likes. */
export const UNLIMITED = {
  ORDERS_PER_HOUR: '100000',
  AUTH_ATTEMPTS_PER_MINUTE: '100000',
  API_RATE_LIMIT_PER_MINUTE: '1000000',
  API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
  JOB_POLL_MS: '200',
};

export interface ProcessShopper {
  email: string;
  bearer: { authorization: string };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The verification token mailed to `email`, read from the shop's local mailbox (/dev/mailbox). */
async function mailedToken(shop: ShopProcess, email: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const list = await callShop(shop, '/dev/mailbox');
    const row = list.body.split('<tr>').find((line) => line.includes(`>${email}<`));
    const id = row?.match(/\/dev\/mailbox\/([0-9a-f-]+)/)?.[1];
    if (id) {
      const mail = await callShop(shop, `/dev/mailbox/${id}`);
      const token = mail.body.match(/\/verify-email\/([A-Za-z0-9_-]+)/)?.[1];
      if (token) return token;
    }
    if (Date.now() > deadline) throw new Error(`No verification mail reached ${email}`);
    await pause(100);
  }
}

/** A shopper signed up on the shop who followed the mailed verification link. */
export async function mailVerifiedShopper(shop: ShopProcess): Promise<ProcessShopper> {
  const email = `shopper-${randomBytes(5).toString('hex')}@example.in`;
  const signUp = await callShop(shop, '/api/auth/signup', {
    method: 'POST',
    body: JSON.stringify({ fullname: 'Asha Verma', email, password: SHOPPER_PASSWORD }),
  });
  expect(signUp.status, signUp.body).toBe(201);
  const verified = await callShop(shop, `/api/auth/verify-email/${await mailedToken(shop, email)}`, {
    method: 'POST',
    body: '{}',
  });
  expect(verified.status, verified.body).toBe(200);
  return {
    email,
    bearer: { authorization: `Bearer ${(JSON.parse(signUp.body) as { accessToken: string }).accessToken}` },
  };
}

/** Signs the shopper in with their password on `shop`: their bearer there. */
export async function signIn(shop: ShopProcess, email: string): Promise<{ authorization: string }> {
  const answer = await callShop(shop, '/api/auth/signin', {
    method: 'POST',
    body: JSON.stringify({ email, password: SHOPPER_PASSWORD }),
  });
  expect(answer.status, answer.body).toBe(200);
  return { authorization: `Bearer ${(JSON.parse(answer.body) as { accessToken: string }).accessToken}` };
}

/** The ids of the first products the shop lists, each with stock for a test's orders. */
export async function productIds(shop: ShopProcess, count: number): Promise<string[]> {
  const listed = await callShop(shop, '/api/product/all-products');
  const { products } = JSON.parse(listed.body) as { products: Array<{ _id: string; countInStock: number }> };
  const stocked = products.filter((product) => product.countInStock >= 5).map((product) => product._id);
  expect(stocked.length).toBeGreaterThanOrEqual(count);
  return stocked.slice(0, count);
}

/** Places a one-unit COD order; its id, or null when refused (out of stock). */
export async function placeOrder(shop: ShopProcess, bearer: object, productId: string): Promise<string | null> {
  const placed = await callShop(shop, '/api/orders/create-order', {
    method: 'POST',
    headers: bearer as Record<string, string>,
    body: JSON.stringify(orderBody([{ _id: productId, quantity: 1 }])),
  });
  if (placed.status === 409) return null;
  expect(placed.status, placed.body).toBe(201);
  return (JSON.parse(placed.body) as { orderId: string }).orderId;
}

/** The shopper's orders as the shop lists them. */
export async function ordersOf(shop: ShopProcess, bearer: object): Promise<Order[]> {
  const answer = await callShop(shop, '/api/orders/get-user-orders', { headers: bearer as Record<string, string> });
  expect(answer.status, answer.body).toBe(200);
  return JSON.parse(answer.body) as Order[];
}

/**
 * Orders placed one after another until stop() is called, each product in turn: `accepted` lists each order's id
 * with the moment its 201 arrived. until() waits for a condition on them, and fails as soon as an order does.
 */
export function steadyOrders(shop: ShopProcess, bearer: object, products: string[]) {
  const accepted: Array<{ orderId: string; at: number }> = [];
  let stopping = false;
  let failure: unknown;
  const running = (async () => {
    for (let n = 0; !stopping; n++) {
      const orderId = await placeOrder(shop, bearer, products[n % products.length]!);
      if (orderId) accepted.push({ orderId, at: Date.now() });
    }
  })().catch((error: unknown) => (failure = error ?? new Error('An order failed')));
  const check = () => {
    if (failure) throw failure;
  };
  return {
    accepted,
    async until(condition: () => boolean, withinMs = 60_000) {
      const deadline = Date.now() + withinMs;
      while (!condition()) {
        check();
        if (Date.now() > deadline) throw new Error(`Orders did not come in time (${accepted.length} accepted)`);
        await pause(20);
      }
    },
    async stop() {
      stopping = true;
      await running;
      check();
    },
  };
}

/**
 * `npm run backup -- --out <file>` with `env` while a shopper keeps placing orders on `shop`; the orders go on until
 * one is accepted after the backup ended. Returns the run, the shopper and the orders accepted before it started.
 */
export async function backupUnderLoad(shop: ShopProcess, env: Record<string, string>, file: string) {
  const shopper = await mailVerifiedShopper(shop);
  const traffic = steadyOrders(shop, shopper.bearer, await productIds(shop, 12));
  await traffic.until(() => traffic.accepted.length >= 5);
  const started = Date.now();
  const backup = await runNpmScript('backup', ['--out', file], { env, timeoutMs: 120_000 });
  const ended = Date.now();
  if (backup.code === 0) await traffic.until(() => traffic.accepted.some((order) => order.at > ended));
  await traffic.stop();
  expect(backup.code, `${backup.stdout}${backup.stderr}`).toBe(0);
  expect(backup.stdout).toContain(`Wrote ${file}`);
  // Sales went on: orders were accepted while the backup ran.
  expect(traffic.accepted.filter((order) => order.at > started && order.at < ended).length).toBeGreaterThan(0);
  const beforeBackup = traffic.accepted.filter((order) => order.at < started).map((order) => order.orderId);
  expect(beforeBackup.length).toBeGreaterThan(0);
  return { backup, shopper, beforeBackup };
}

/** A shop on a restored database: the shopper's password signs in, every order is there, and a new one is taken. */
export async function expectRestored(shop: ShopProcess, email: string, orderIds: string[]): Promise<void> {
  const bearer = await signIn(shop, email);
  const listed = (await ordersOf(shop, bearer)).map((order) => order.orderId);
  for (const orderId of orderIds) expect(listed).toContain(orderId);
  const [productId] = await productIds(shop, 1);
  expect(await placeOrder(shop, bearer, productId!)).not.toBeNull();
}
