// The storefront's pages and the catalogue API, each beside a bare Node server sending the same bytes (issue 23),
// and how soon a stock change made through the API shows on a product page another process answers from its cache.
import { fork } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { request } from 'undici';
import { ADDRESS, percentiles } from './cod-orders.ts';
import { postJson } from './http-client.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 6);

export interface Measure {
  requestsPerSecond: number;
  p99: number;
  errors: number;
}

export async function measure(url: string): Promise<Measure> {
  // A short warm-up so JIT and caches settle before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

export interface Target {
  name: string;
  path: string;
}

export interface TargetResult extends Target {
  real: Measure;
  ceiling: Measure;
  ratio: number;
}

/** Starts the bare Node server on the copies in `directory`; resolves once it listens. */
async function startCeiling(directory: string, port: number) {
  const child = fork(path.resolve('bench/static-ceiling.ts'), [directory, String(port)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`The static ceiling exited with code ${code}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill())),
  };
}

/**
 * Each target on the shop and, right after, the same bytes from the bare Node server: the copy is what the shop sent
 * a client that asks for no compression, as autocannon does.
 */
export async function measureAgainstCeiling(origin: string, targets: Target[], ceilingPort: number) {
  const directory = path.resolve(`.cache/bench-ceiling-${ceilingPort}`);
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  for (const [index, target] of targets.entries()) {
    const answer = await request(origin + target.path);
    if (answer.statusCode !== 200) throw new Error(`${target.path} answered ${answer.statusCode}`);
    writeFileSync(path.join(directory, `copy${index}`), Buffer.from(await answer.body.arrayBuffer()));
    writeFileSync(path.join(directory, `copy${index}.type`), String(answer.headers['content-type']));
  }
  const ceiling = await startCeiling(directory, ceilingPort);
  try {
    const results: TargetResult[] = [];
    for (const [index, target] of targets.entries()) {
      const real = await measure(origin + target.path);
      const bare = await measure(`${ceiling.origin}/copy${index}`);
      results.push({ ...target, real, ceiling: bare, ratio: real.requestsPerSecond / bare.requestsPerSecond });
    }
    return results;
  } finally {
    await ceiling.stop();
  }
}

const pad = (text: string | number, width: number) => String(text).padStart(width);

export function printTargets(results: TargetResult[]): void {
  console.log(
    `${'target'.padEnd(52)}${pad('req/s', 9)}${pad('p99 ms', 8)}${pad('bare Node req/s', 17)}${pad('p99 ms', 8)}${pad('ratio', 7)}`,
  );
  for (const { name, real, ceiling, ratio } of results) {
    console.log(
      `${name.padEnd(52)}${pad(real.requestsPerSecond.toFixed(0), 9)}${pad(real.p99, 8)}${pad(ceiling.requestsPerSecond.toFixed(0), 17)}${pad(ceiling.p99, 8)}${pad(ratio.toFixed(2), 7)}` +
        (real.errors > 0 ? `  ! ${real.errors} errors or non-2xx answers` : ''),
    );
  }
}

/** The stock a product page carries in its data for the browser, and whether it came from the page cache. */
async function pageStock(origin: string, slug: string): Promise<{ stock: number; cached: boolean }> {
  const answer = await request(`${origin}/product/${slug}`);
  const html = await answer.body.text();
  const stock = /\\"countInStock\\",(\d+)/.exec(html)?.[1];
  if (answer.statusCode !== 200 || stock === undefined) throw new Error(`/product/${slug} carries no stock`);
  return { stock: Number(stock), cached: answer.headers['x-page-cache'] === 'hit' };
}

export interface StockVisibility {
  changes: number;
  p50: number;
  p99: number;
  max: number;
  /** Changes the page did not show within the limit, and pages that were not answered from the cache first. */
  late: number;
  uncached: number;
}

const VISIBLE_WITHIN_MS = 1000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `changes` one-unit cash-on-delivery orders placed through the API on `orderOrigin`, each after `pageOrigin` has
 * its product page in its cache; the time from the order's answer until that page shows the lower stock.
 */
export async function measureStockVisibility(
  orderOrigin: string,
  pageOrigin: string,
  token: string,
  product: { _id: string; slug: string },
  changes = 100,
): Promise<StockVisibility> {
  const latencies: number[] = [];
  let late = 0;
  let uncached = 0;
  for (let change = 0; change < changes; change++) {
    // The page is read until it comes from the cache (a late notice of the previous change may empty it again).
    let before = await pageStock(pageOrigin, product.slug);
    for (let read = 0; read < 5 && !before.cached; read++) before = await pageStock(pageOrigin, product.slug);
    if (!before.cached) uncached++;
    const order = await postJson(
      `${orderOrigin}/api/orders/create-order`,
      {
        orderItems: [{ _id: product._id, quantity: 1 }],
        shippingAddress: ADDRESS,
        paymentMethod: 'cod',
        ageConfirmed: true,
      },
      { authorization: `Bearer ${token}`, 'idempotency-key': `visibility-${Date.now()}-${change}` },
    );
    if (order.status !== 201) throw new Error(`create-order answered ${order.status}: ${order.text}`);
    const placedAt = performance.now();
    for (;;) {
      const waited = performance.now() - placedAt;
      if ((await pageStock(pageOrigin, product.slug)).stock === before.stock - 1) {
        latencies.push(performance.now() - placedAt);
        break;
      }
      if (waited > 5 * VISIBLE_WITHIN_MS) throw new Error(`Change ${change + 1} never showed on the page`);
      await pause(5);
    }
    if (latencies.at(-1)! > VISIBLE_WITHIN_MS) late++;
  }
  const max = Math.round(Math.max(...latencies));
  return { changes, ...percentiles(latencies), max, late, uncached };
}

export const describeVisibility = (where: string, v: StockVisibility) =>
  `a stock change (one-unit COD order through the API) on ${where}, ${v.changes} changes: ` +
  `shown after p50 ${v.p50} ms, p99 ${v.p99} ms, max ${v.max} ms` +
  (v.uncached ? `\n  ! ${v.uncached} pages were not in the cache before the change` : '');
