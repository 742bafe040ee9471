// Cash-on-delivery order placement under load: BUYERS shoppers, each placing orders back to back over its own
// keep-alive connection, with a fresh Idempotency-Key per order. Reports the latency percentiles of create-order.
import autocannon from 'autocannon';
import { postJson } from './http-client.ts';
import { withClient } from './server-process.ts';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);

export interface OrderLoad {
  orders: number;
  failures: number;
  ordersPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

export const ADDRESS = {
  fname: 'Asha',
  lname: 'Verma',
  address1: '12 MG Road',
  address2: '',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
  phone: '9876543210',
  email: 'asha@example.in',
};

export async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The order benchmarks sign their buyers up from one address, and each places orders back to back, far past the
 * API's general limit per account and per address (decision 0041).
 */
export const ORDER_LIMITS = {
  AUTH_ATTEMPTS_PER_MINUTE: '100000',
  API_RATE_LIMIT_PER_MINUTE: '1000000',
  API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
  ORDERS_PER_HOUR: '1000000',
  COD_MAX_RUPEES: '1000000',
};

/** Sign-ups in flight at once: each hashes a password, so more only queue inside the shop. */
const SIGN_UP_CONCURRENCY = 16;

/** Signs the buyers up through the API; returns their access tokens and the SQL that lets them order. */
export async function signUpBuyers(origin: string, count = BUYERS): Promise<{ tokens: string[]; grantSql: string[] }> {
  const run = Date.now();
  const tokens: string[] = new Array(count);
  let next = 0;
  const signUp = async () => {
    for (let index = next++; index < count; index = next++) {
      const answer = await postJson(`${origin}/api/auth/signup`, {
        fullname: 'Bench Buyer',
        email: `buyer${index}.${run}@example.in`,
        password: 'bench-Secret-12',
      });
      if (answer.status !== 201) throw new Error(`Sign-up answered ${answer.status}: ${answer.text}`);
      tokens[index] = (JSON.parse(answer.text) as { accessToken: string }).accessToken;
    }
  };
  await Promise.all(Array.from({ length: SIGN_UP_CONCURRENCY }, signUp));
  // Verified e-mails (orders need one), and ample stock in every product.
  const grantSql = [
    `update users set email_verified_at = now() where email like 'buyer%.${run}@example.in'`,
    // Through the stock ledger, so the stock stays the sum of its movements (decision 0034).
    `with old as (select product_id as id, count_in_stock as stock from stock_levels for update),
    granted as (
      update stock_levels s set count_in_stock = 1000000 from old
      where s.product_id = old.id and old.stock <> 1000000 returning s.product_id as id, 1000000 - old.stock as change
    )
    insert into stock_movements (product_id, quantity, kind) select id, change, 'import' from granted`,
  ];
  return { tokens, grantSql };
}

/** Signs the buyers up and lets them order, on a PostgreSQL database the shop is running on. */
export async function preparePostgresBuyers(origin: string, databaseUrl: string, count = BUYERS): Promise<string[]> {
  const { tokens, grantSql } = await signUpBuyers(origin, count);
  await withClient(databaseUrl, async (db) => {
    for (const statement of grantSql) await db.query(statement);
  });
  return tokens;
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The median, p95 and p99 of the latencies (sorted in place), in ms to one decimal. */
export function percentiles(latencies: number[]): { p50: number; p95: number; p99: number } {
  latencies.sort((a, b) => a - b);
  const at = (p: number) => Math.round(percentile(latencies, p) * 10) / 10;
  return { p50: at(50), p95: at(95), p99: at(99) };
}

/** Orders placed back to back by the signed-up buyers (tokens) for the given time. */
export async function measureCodOrders(origin: string, tokens: string[], seconds: number): Promise<OrderLoad> {
  const { products } = await json<{ products: Array<{ _id: string }> }>(
    await fetch(`${origin}/api/product/all-products`),
  );
  const latencies: number[] = [];
  let failures = 0;
  let sequence = 0;

  /** One keep-alive connection per buyer, each signed in as its own shopper; autocannon keeps the client light. */
  const run = (seconds: number, record: boolean) =>
    new Promise<void>((resolve, reject) => {
      let nextBuyer = 0;
      const instance = autocannon(
        {
          url: origin,
          connections: tokens.length,
          duration: seconds,
          requests: [
            {
              method: 'POST',
              path: '/api/orders/create-order',
              setupRequest: (request, context: { token?: string }) => {
                context.token ??= tokens[nextBuyer++ % tokens.length];
                const n = sequence++;
                // One or two products per order, spread over the catalogue so buyers rarely wait on the same row.
                const ids = new Set([products[n % products.length]!._id, products[(n * 7 + 3) % products.length]!._id]);
                return {
                  ...request,
                  headers: {
                    'content-type': 'application/json',
                    authorization: `Bearer ${context.token}`,
                    'idempotency-key': `bench-${n}-${Math.random()}`,
                  },
                  body: JSON.stringify({
                    orderItems: [...ids].map((_id) => ({ _id, quantity: 1 })),
                    shippingAddress: ADDRESS,
                    paymentMethod: 'cod',
                    ageConfirmed: true,
                  }),
                };
              },
            },
          ],
        },
        (error) => (error ? reject(error) : resolve()),
      );
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (!record) return;
        if (statusCode === 201) latencies.push(responseTime);
        else failures++;
      });
    });

  await run(3, false); // a short warm-up first, so JIT and the connection pool settle
  await run(seconds, true);

  return { orders: latencies.length, failures, ordersPerSecond: latencies.length / seconds, ...percentiles(latencies) };
}

export const COD_BUYERS = BUYERS;
