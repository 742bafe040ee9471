// Prepaid checkout under load, on PostgreSQL against the PhonePe simulator (issue 10): order plus payment creation
// by concurrent shoppers, and webhook deliveries, each sent twice, with one transition per payment checked.
import pg from 'pg';
import { webhookAuthorization } from '../simulators/phonepe/index.ts';
import { startSimulatorProcess, type SimulatorProcess } from '../server/testing/simulator-process.ts';
import { MAX_UNPAID_PREPAID_ORDERS } from '../core/contracts/payments.ts';
import { ADDRESS, percentiles } from './cod-orders.ts';
import { getJson, postJson } from './http-client.ts';
import { withClient } from './server-process.ts';

export interface Latencies {
  count: number;
  failures: number;
  p50: number;
  p95: number;
  p99: number;
}

const WEBHOOK_PAYMENTS = 1000;
/** Payments whose webhooks go first, untimed: connections open and code warms up, as in every other bench here. */
const WEBHOOK_WARM_UP_PAYMENTS = 200;
const WEBHOOK_CONCURRENCY = 100;
/** Untimed checkouts before the timed ones: JIT and connection pools settle first. */
const WARM_UP_SECONDS = 3;
/** Orders a shopper places in the benches: as many as one may leave unpaid. */
const ORDERS_PER_SHOPPER = MAX_UNPAID_PREPAID_ORDERS;
/** Shoppers the webhook bench needs for its payments. */
export const WEBHOOK_SHOPPERS = Math.ceil((WEBHOOK_WARM_UP_PAYMENTS + WEBHOOK_PAYMENTS) / ORDERS_PER_SHOPPER);

export function summary(latencies: number[], failures: number): Latencies {
  return { count: latencies.length, failures, ...percentiles(latencies) };
}

/**
 * The PhonePe simulator as its own process, on the bench's PostgreSQL database, and the shop settings that point at
 * it. Its own process: PhonePe's side of each status call must not run on the load generator's event loop, where
 * it would add to the latencies the bench measures. It sends no webhooks: the bench delivers them itself.
 */
export async function startBenchSimulator(databaseUrl: string) {
  // PhonePe's own writes are not the shop's to pay for: the stand-in does not wait for its commits to reach disk.
  const simulatorUrl = new URL(databaseUrl);
  simulatorUrl.searchParams.set('options', '-c synchronous_commit=off');
  const simulator = await startSimulatorProcess({ databaseUrl: simulatorUrl.toString(), refundSettleMs: 3_600_000 });
  return { simulator, env: simulator.settings, close: () => simulator.close() };
}

/**
 * Signed-up shoppers, handed out in turn, so the orders at the same moment are different shoppers' (as 50
 * concurrent shoppers are): each comes round ORDERS_PER_SHOPPER times, since its orders stay unpaid and a shopper
 * may leave no more than that unpaid.
 */
export class Shoppers {
  private next = 0;
  constructor(private readonly tokens: string[]) {}

  get all(): readonly string[] {
    return this.tokens;
  }

  take(): string | null {
    const turn = this.next++;
    return turn < this.tokens.length * ORDERS_PER_SHOPPER ? this.tokens[turn % this.tokens.length]! : null;
  }
}

const reported = new Set<string>();
/** Says once what each kind of failure answered, so a failing run explains itself. */
function reportFailure(status: number, body: string) {
  const line = `${status} ${body.slice(0, 200)}`;
  if (reported.has(line)) return;
  reported.add(line);
  console.log(`  ! ${line}`);
}

/** One prepaid order and its payment; the payment's merchantOrderId. */
async function orderAndPay(origin: string, token: string, productId: string): Promise<string | null> {
  const auth = { authorization: `Bearer ${token}` };
  const order = await postJson(
    `${origin}/api/orders/create-order`,
    {
      orderItems: [{ _id: productId, quantity: 1 }],
      shippingAddress: ADDRESS,
      paymentMethod: 'prepaid',
      ageConfirmed: true,
    },
    auth,
  );
  if (order.status !== 201) return (reportFailure(order.status, order.text), null);
  const { orderId } = JSON.parse(order.text) as { orderId: string };
  const payment = await postJson(`${origin}/api/payment/create-order`, { orderId }, auth);
  if (payment.status !== 200) return (reportFailure(payment.status, payment.text), null);
  return (JSON.parse(payment.text) as { merchantOrderId: string }).merchantOrderId;
}

export async function productIds(origin: string): Promise<string[]> {
  const { products } = await getJson<{ products: Array<{ _id: string }> }>(`${origin}/api/product/all-products`);
  return products.map((product) => product._id);
}

/** `lanes` loops at once, each running `step` back to back until `until`. */
const inLanes = (lanes: number, until: () => boolean, step: () => Promise<void>) =>
  Promise.all(
    Array.from({ length: lanes }, async () => {
      while (!until()) await step();
    }),
  );

/**
 * `concurrency` shoppers checking out at a time for `seconds` (after a short warm-up), each checkout a prepaid
 * order and then its payment, timed together. Every checkout is a shopper's next order; the payments stay open.
 * Running out of shoppers counts as failures, so a run too short of them cannot pass.
 */
export async function measurePrepaidCheckout(
  origin: string,
  shoppers: Shoppers,
  seconds: number,
  concurrency: number,
  databaseUrl: string,
): Promise<Latencies> {
  const products = await productIds(origin);
  await untilMailsSent(databaseUrl); // the shoppers' sign-up mails, say
  await openCarts(origin, shoppers.all, concurrency);
  // Nothing an earlier bench left (the webhook bench's status checks, 20 s after its payments) runs beside this one.
  await untilNoJobsDue(databaseUrl, WARM_UP_SECONDS + seconds + 5);
  await timedCheckouts(origin, shoppers, products, WARM_UP_SECONDS, concurrency); // JIT and pools settle first
  const { latencies, failures } = await timedCheckouts(origin, shoppers, products, seconds, concurrency);
  return summary(latencies, failures);
}

/** Spreads the checkouts over the catalogue. */
let checkoutSequence = 0;

/** `concurrency` shoppers checking out back to back for `seconds`: each checkout's milliseconds, and failures. */
export async function timedCheckouts(
  origin: string,
  shoppers: Shoppers,
  products: readonly string[],
  seconds: number,
  concurrency: number,
): Promise<{ latencies: number[]; failures: number }> {
  const latencies: number[] = [];
  let failures = 0;
  const until = Date.now() + seconds * 1000;
  await inLanes(
    concurrency,
    () => Date.now() >= until,
    async () => {
      const token = shoppers.take();
      if (!token) {
        failures++;
        reportFailure(0, 'the bench ran out of shoppers: sign more up');
        return new Promise((resolve) => setTimeout(resolve, 50));
      }
      const started = performance.now();
      const merchantOrderId = await orderAndPay(origin, token, products[checkoutSequence++ % products.length]!);
      if (merchantOrderId) latencies.push(performance.now() - started);
      else failures++;
    },
  );
  return { latencies, failures };
}

/**
 * Each shopper opens their cart, as the checkout page does when it loads, before the button that places the
 * order: a shopper's first request (their session looked up once) is not part of checking out.
 */
export async function openCarts(origin: string, tokens: readonly string[], concurrency: number): Promise<void> {
  let next = 0;
  await inLanes(
    concurrency,
    () => next >= tokens.length,
    async () => {
      await getJson(`${origin}/api/cart`, { authorization: `Bearer ${tokens[next++]!}` });
    },
  );
}

/** Until the shop's outbox has sent everything, so that a bench starts on a quiet shop. */
function untilMailsSent(databaseUrl: string): Promise<void> {
  return withClient(databaseUrl, (client) =>
    untilNone(client, `select count(*)::int as left from mail_outbox where status = 'pending'`),
  );
}

/** Until no scheduled job of the shop is due in the next `seconds`. */
function untilNoJobsDue(databaseUrl: string, seconds: number): Promise<void> {
  return withClient(databaseUrl, async (client) => {
    const due = `select count(*)::int as left from jobs where run_at < now() + make_interval(secs => ${seconds})`;
    const started = Date.now();
    const { rows } = await client.query<{ left: number }>(due);
    await untilNone(client, due);
    if (rows[0]!.left)
      console.log(`  (waited ${((Date.now() - started) / 1000).toFixed(0)} s for ${rows[0]!.left} jobs due)`);
  });
}

/** Polls `query` (one row, one number) until it answers 0, for at most a minute. */
async function untilNone(client: pg.Client, query: string): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 200) {
    const { rows } = await client.query<{ left: number }>(query);
    if (rows[0]!.left === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `count` payments made by the shoppers and settled at the bank without telling the shop. */
export async function settledPayments(origin: string, shoppers: Shoppers, simulator: SimulatorProcess, count: number) {
  const products = await productIds(origin);
  const payments: Payment[] = [];
  let sequence = 0;
  await inLanes(
    50,
    () => sequence >= count,
    async () => {
      const token = shoppers.take();
      if (!token) throw new Error('The webhook bench ran out of shoppers');
      const merchantOrderId = await orderAndPay(origin, token, products[sequence++ % products.length]!);
      if (!merchantOrderId) throw new Error('The webhook bench could not make its payments');
      const settled = await postJson(`${simulator.url}/_control/payments/${merchantOrderId}`, {
        outcome: 'COMPLETED',
        webhook: false,
      });
      payments.push({ merchantOrderId, amount: (JSON.parse(settled.text) as { amount: number }).amount });
    },
  );
  return payments;
}

export interface Payment {
  merchantOrderId: string;
  amount: number;
}

/** Each payment's completion webhook delivered twice, WEBHOOK_CONCURRENCY at a time; the latencies. */
async function deliverTwice(origin: string, simulator: SimulatorProcess, payments: Payment[]) {
  const { username, password } = simulator.webhookCredentials;
  const authorization = webhookAuthorization(username, password);
  const deliveries = payments.flatMap((payment) => [payment, payment]);
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  await inLanes(
    WEBHOOK_CONCURRENCY,
    () => next >= deliveries.length,
    async () => {
      const { merchantOrderId, amount } = deliveries[next++]!;
      const body = { event: 'checkout.order.completed', payload: { merchantOrderId, state: 'COMPLETED', amount } };
      const started = performance.now();
      const answer = await postJson(`${origin}/api/payment/webhook`, body, { authorization });
      latencies.push(performance.now() - started);
      if (answer.status !== 200) {
        failures++;
        reportFailure(answer.status, answer.text);
      }
    },
  );
  return summary(latencies, failures);
}

/**
 * WEBHOOK_PAYMENTS payments made and settled at the bank without telling the shop; then the bench delivers their
 * webhooks itself, each twice (after a warm-up with other payments), and checks one transition per payment. Waits
 * until the shop has applied them and sent their mails, so a bench after this one starts on a quiet shop.
 */
export async function measureWebhooks(
  origin: string,
  shoppers: Shoppers,
  simulator: SimulatorProcess,
  databaseUrl: string,
): Promise<Latencies & { payments: number; transitions: number; duplicatesChanged: number }> {
  await untilMailsSent(databaseUrl);
  const payments = await settledPayments(origin, shoppers, simulator, WEBHOOK_WARM_UP_PAYMENTS + WEBHOOK_PAYMENTS);
  await deliverTwice(origin, simulator, payments.slice(0, WEBHOOK_WARM_UP_PAYMENTS));
  const measured = await deliverTwice(origin, simulator, payments.slice(WEBHOOK_WARM_UP_PAYMENTS));
  const { transitions, repeated } = await withClient(databaseUrl, async (client) => {
    // The shop answers each webhook at once and applies it just after: wait until every one is applied.
    await untilNone(client, `select count(*)::int as left from jobs where kind = 'payment-webhook'`);
    const { rows } = await client.query<{ transitions: number; repeated: number }>(
      `select count(*)::int as transitions, (count(*) - count(distinct e.order_id))::int as repeated
       from payment_events e join payment_attempts a on a.order_id = e.order_id
       where e.subject = 'order' and e.to_state = 'paid' and a.merchant_order_id = any($1)`,
      [payments.map((payment) => payment.merchantOrderId)],
    );
    return rows[0]!;
  });
  await untilMailsSent(databaseUrl);
  return { ...measured, payments: payments.length, transitions, duplicatesChanged: repeated };
}
