// Prepaid checkout under load, on PostgreSQL against the PhonePe simulator (issue 10): order plus payment creation
// by concurrent shoppers, then webhook deliveries, each sent twice, with one transition per payment checked.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import {
  phonePeSettingsFor,
  startStandaloneSimulator,
  type StandaloneSimulator,
} from '../server/phonepe-simulator/standalone.ts';
import { ADDRESS, json, percentile } from './cod-orders.ts';

export interface Latencies {
  count: number;
  failures: number;
  p50: number;
  p95: number;
  p99: number;
}

const WEBHOOK_PAYMENTS = 1000;
const WEBHOOK_CONCURRENCY = 100;

function summary(latencies: number[], failures: number): Latencies {
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    count: latencies.length,
    failures,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
  };
}

/** A standalone simulator on the bench's PostgreSQL database, and the shop settings that point at it. */
export async function startBenchSimulator(databaseUrl: string) {
  const database = await openDatabase({ url: databaseUrl, poolSize: 10 });
  await database.migrate();
  const simulator = await startStandaloneSimulator({ db: database.db, refundSettleMs: 3_600_000 });
  const env = phonePeSettingsFor(simulator);
  return {
    simulator,
    env,
    async close() {
      await simulator.close();
      await database.close();
    },
  };
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

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
  const order = await post(
    `${origin}/api/orders/create-order`,
    {
      orderItems: [{ _id: productId, quantity: 1 }],
      shippingAddress: ADDRESS,
      paymentMethod: 'prepaid',
      ageConfirmed: true,
    },
    auth,
  );
  if (order.status !== 201) return (reportFailure(order.status, await order.text()), null);
  const { orderId } = (await order.json()) as { orderId: string };
  const payment = await post(`${origin}/api/payment/create-order`, { orderId }, auth);
  if (payment.status !== 200) return (reportFailure(payment.status, await payment.text()), null);
  return ((await payment.json()) as { merchantOrderId: string }).merchantOrderId;
}

/** The bank settles a payment without telling the shop; answers the amount paid. */
async function settleQuietly(simulator: StandaloneSimulator, merchantOrderId: string): Promise<number> {
  const settled = await json<{ amount: number }>(
    await post(`${simulator.url}/_control/payments/${merchantOrderId}`, { outcome: 'COMPLETED', webhook: false }),
  );
  return settled.amount;
}

async function productIds(origin: string): Promise<string[]> {
  const { products } = await json<{ products: Array<{ _id: string }> }>(
    await fetch(`${origin}/api/product/all-products`),
  );
  return products.map((product) => product._id);
}

/** Shoppers per concurrent checkout: each takes turns, so its paid orders' webhooks land before its next turn. */
export const SHOPPERS_PER_CHECKOUT = 4;

/**
 * `concurrency` checkouts at a time for `seconds`, each a prepaid order and then its payment (timed together); the
 * bank then settles it and its webhook arrives (not timed). The shoppers take turns (SHOPPERS_PER_CHECKOUT each),
 * since one may hold at most 3 unpaid orders.
 */
export async function measurePrepaidCheckout(
  origin: string,
  tokens: string[],
  simulator: StandaloneSimulator,
  seconds: number,
  concurrency = tokens.length / SHOPPERS_PER_CHECKOUT,
): Promise<Latencies> {
  const products = await productIds(origin);
  const latencies: number[] = [];
  let failures = 0;
  let sequence = 0;
  const checkout = async (lane: number, until: number, record: boolean) => {
    for (let turn = 0; Date.now() < until; turn++) {
      const token = tokens[(lane + turn * concurrency) % tokens.length]!;
      const started = performance.now();
      const merchantOrderId = await orderAndPay(origin, token, products[sequence++ % products.length]!);
      const took = performance.now() - started;
      if (!merchantOrderId) {
        if (record) failures++;
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      if (record) latencies.push(took);
      await post(`${simulator.url}/_control/payments/${merchantOrderId}`, { outcome: 'COMPLETED' });
    }
  };
  const run = (duration: number, record: boolean) => {
    const until = Date.now() + duration * 1000;
    return Promise.all(Array.from({ length: concurrency }, (_, lane) => checkout(lane, until, record)));
  };
  await run(3, false);
  await run(seconds, true);
  return summary(latencies, failures);
}

/**
 * WEBHOOK_PAYMENTS payments settled at the bank, whose webhooks the bench delivers itself, each twice, at most
 * WEBHOOK_CONCURRENCY at once. Payments are made in waves (a shopper may hold 3 unpaid orders).
 */
export async function measureWebhooks(
  origin: string,
  tokens: string[],
  simulator: StandaloneSimulator,
  databaseUrl: string,
): Promise<Latencies & { payments: number; transitions: number; duplicatesChanged: number }> {
  const products = await productIds(origin);
  const { username, password } = simulator.webhookCredentials;
  const authorization = createHash('sha256').update(`${username}:${password}`).digest('hex');
  const latencies: number[] = [];
  let failures = 0;
  const delivered: string[] = [];
  let sequence = 0;
  while (delivered.length < WEBHOOK_PAYMENTS) {
    const wave = await Promise.all(
      tokens.flatMap((token) =>
        [0, 1, 2].map(async () => {
          const merchantOrderId = await orderAndPay(origin, token, products[sequence++ % products.length]!);
          return merchantOrderId ? { merchantOrderId, amount: await settleQuietly(simulator, merchantOrderId) } : null;
        }),
      ),
    );
    const payments = wave.filter((payment) => payment !== null).slice(0, WEBHOOK_PAYMENTS - delivered.length);
    const deliveries = payments.flatMap((payment) => [payment, payment]);
    let next = 0;
    const sender = async () => {
      while (next < deliveries.length) {
        const { merchantOrderId, amount } = deliveries[next++]!;
        const body = {
          event: 'checkout.order.completed',
          payload: { merchantOrderId, state: 'COMPLETED', amount },
        };
        const started = performance.now();
        const response = await post(`${origin}/api/payment/webhook`, body, { authorization });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        if (response.status !== 200) failures++;
      }
    };
    await Promise.all(Array.from({ length: WEBHOOK_CONCURRENCY }, sender));
    delivered.push(...payments.map((payment) => payment.merchantOrderId));
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The shop answers each webhook at once and applies it just after: wait until every one is applied.
    for (let waited = 0; waited < 60_000; waited += 200) {
      const { rows } = await client.query<{ left: number }>(
        `select count(*)::int as left from jobs where kind = 'payment-webhook'`,
      );
      if (rows[0]!.left === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const { rows } = await client.query<{ transitions: number; orders: number; repeated: number }>(
      `select count(*)::int as transitions, count(distinct e.order_id)::int as orders,
              (count(*) - count(distinct e.order_id))::int as repeated
       from payment_events e join payment_attempts a on a.order_id = e.order_id
       where e.subject = 'order' and e.to_state = 'paid' and a.merchant_order_id = any($1)`,
      [delivered],
    );
    const { transitions, repeated } = rows[0]!;
    return { ...summary(latencies, failures), payments: delivered.length, transitions, duplicatesChanged: repeated };
  } finally {
    await client.end();
  }
}
