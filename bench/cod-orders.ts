// Cash-on-delivery order placement under load: BUYERS shoppers, each placing orders back to back over keep-alive
// connections, with a fresh Idempotency-Key per order. Reports the latency percentiles of create-order.
import pg from 'pg';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);

export interface OrderLoad {
  orders: number;
  failures: number;
  ordersPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

const ADDRESS = {
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

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs the buyers up through the API, marks their e-mails verified, and gives every product ample stock. */
async function prepareBuyers(origin: string, databaseUrl: string): Promise<string[]> {
  const run = Date.now();
  const tokens = await Promise.all(
    Array.from({ length: BUYERS }, async (_, index) => {
      const { accessToken } = await json<{ accessToken: string }>(
        await fetch(`${origin}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            fullname: 'Bench Buyer',
            email: `buyer${index}.${run}@example.in`,
            password: 'secret12',
          }),
        }),
      );
      return accessToken;
    }),
  );
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(`update users set email_verified_at = now() where email like 'buyer%.${run}@example.in'`);
    await db.query('update products set count_in_stock = 1000000');
  } finally {
    await db.end();
  }
  return tokens;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function measureCodOrders(origin: string, databaseUrl: string, seconds: number): Promise<OrderLoad> {
  const tokens = await prepareBuyers(origin, databaseUrl);
  const { products } = await json<{ products: Array<{ _id: string }> }>(
    await fetch(`${origin}/api/product/all-products`),
  );
  const latencies: number[] = [];
  let failures = 0;
  let sequence = 0;

  const buyer = async (token: string, until: number, record: boolean) => {
    while (Date.now() < until) {
      const n = sequence++;
      // One or two products per order, spread over the catalogue so buyers rarely wait on the same row.
      const lines = [products[n % products.length]!, products[(n * 7 + 3) % products.length]!];
      const orderItems = [...new Set(lines.map((line) => line._id))].map((_id) => ({ _id, quantity: 1 }));
      const started = performance.now();
      const response = await fetch(`${origin}/api/orders/create-order`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': `bench-${n}-${Math.random()}`,
        },
        body: JSON.stringify({ orderItems, shippingAddress: ADDRESS, paymentMethod: 'cod' }),
      });
      await response.arrayBuffer();
      if (!record) continue;
      if (response.status === 201) latencies.push(performance.now() - started);
      else failures++;
    }
  };

  // A short warm-up first, so JIT and the connection pool settle.
  const warmUntil = Date.now() + 3000;
  await Promise.all(tokens.map((token) => buyer(token, warmUntil, false)));
  const until = Date.now() + seconds * 1000;
  await Promise.all(tokens.map((token) => buyer(token, until, true)));

  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    orders: latencies.length,
    failures,
    ordersPerSecond: latencies.length / seconds,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
  };
}

export const COD_BUYERS = BUYERS;
