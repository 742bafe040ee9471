import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import { orderBody, placedOrderId, productSupply, verifiedShopper } from '../testing/orders.ts';
import { parsePrometheusText } from '../testing/prometheus-text.ts';
import type { ShopMetrics } from './shop-metrics.ts';

const TOKEN = 'a-metrics-token-of-32-characters';

const FAMILIES = {
  http_request_duration_seconds: 'histogram',
  shop_jobs_queued: 'gauge',
  shop_jobs_dead: 'gauge',
  shop_mail_outbox_pending: 'gauge',
  shop_orders: 'gauge',
  shop_page_cache_hits_total: 'counter',
  shop_page_cache_misses_total: 'counter',
  shop_db_pool_connections: 'gauge',
  process_cpu_seconds_total: 'counter',
  nodejs_eventloop_lag_seconds: 'gauge',
} as const;

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ METRICS_TOKEN: TOKEN }, { listen: true });
});
afterAll(async () => {
  await shop?.close();
});

/** /metrics parsed with a Prometheus text-format parser, by family name. */
async function scrape() {
  const answer = await shop.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return parsePrometheusText(answer.body);
}

/** The value of the sample `name` (a histogram's: its _count) with these labels, 0 when there is none. */
const valueOf = (families: Awaited<ReturnType<typeof scrape>>, name: string, labels: Record<string, string> = {}) => {
  const family = families.get(name);
  const sampleName = family?.type === 'histogram' ? `${name}_count` : name;
  const sample = family?.samples.find(
    (each) => each.name === sampleName && Object.entries(labels).every(([key, value]) => each.labels[key] === value),
  );
  return sample?.value ?? 0;
};

describe("the test's reader of Prometheus' text format", () => {
  it('reads families, types, labels and values, and refuses what is not the format', () => {
    const families = parsePrometheusText(
      '# HELP a_total A.\n# TYPE a_total counter\na_total{x="1",y="a\\"b"} 2\n# TYPE h histogram\n' +
        'h_bucket{le="+Inf"} 1\nh_sum 0.5\nh_count 1\n',
    );
    expect(families.get('a_total')).toEqual({
      name: 'a_total',
      help: 'A.',
      type: 'counter',
      samples: [{ name: 'a_total', labels: { x: '1', y: 'a"b' }, value: 2 }],
    });
    expect(families.get('h')?.samples.map((sample) => sample.value)).toEqual([1, 0.5, 1]);
    for (const bad of ['a{x=1} 2', 'a two', '# TYPE a kind', 'a{x="1"}', '# TYPE h histogram\nh_bucket 1'])
      expect(() => parsePrometheusText(bad), bad).toThrow();
  });
});

describe('GET /metrics (issue 33)', () => {
  it('answers 404 when METRICS_TOKEN is unset', async () => {
    const other = await startTestShop({ SEED_DEMO: 'false' });
    try {
      const answer = await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer x' } });
      expect(answer.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('answers 401 without the token or with another one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, 'Bearer ']) {
      const answer = await shop.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(answer.statusCode, String(authorization)).toBe(401);
      expect(answer.body).not.toContain('shop_orders');
    }
  });

  it("answers Prometheus' text format with every family and its type", async () => {
    const answer = await shop.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const families = await scrape();
    for (const [name, type] of Object.entries(FAMILIES)) expect(families.get(name)?.type, name).toBe(type);
    const pool = families.get('shop_db_pool_connections')!.samples.map((sample) => sample.labels.state);
    expect(pool.sort()).toEqual(['idle', 'total', 'waiting']);
    expect(valueOf(families, 'shop_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
  });

  it('counts a placed COD order, its confirmation job and its mail', async () => {
    const before = await scrape();
    const productId = await productSupply(shop)({ stock: 5 });
    const { bearer } = await verifiedShopper(shop);
    await placedOrderId(shop, bearer, orderBody([{ _id: productId, quantity: 1 }]));
    const after = await scrape();
    const cod = { payment_method: 'cod', payment_status: 'pending' };
    expect(valueOf(after, 'shop_orders', cod)).toBe(valueOf(before, 'shop_orders', cod) + 1);
    const queued = (families: typeof after) =>
      families.get('shop_jobs_queued')!.samples.reduce((sum, sample) => sum + sample.value, 0);
    expect(queued(after)).toBeGreaterThan(queued(before));
    expect(valueOf(after, 'shop_mail_outbox_pending')).toBeGreaterThanOrEqual(
      valueOf(before, 'shop_mail_outbox_pending'),
    );
  });

  it("counts requests under their route's pattern, never a raw id, fast paths too", async () => {
    const productId = await productSupply(shop)({ stock: 5 });
    const one = await shop.app.inject({ method: 'GET', url: `/api/product/${productId}` });
    expect(one.statusCode).toBe(200);
    // The catalogue list, from a socket: answered before Fastify once its answer is in memory (decision 0045).
    for (let i = 0; i < 2; i++) expect((await fetch(`${shop.url}/api/product/all-products`)).status).toBe(200);
    const families = await scrape();
    const routes = families.get('http_request_duration_seconds')!.samples.map((sample) => sample.labels.route);
    expect(routes).toContain('/api/product/:id');
    expect(routes.some((route) => route!.includes(productId))).toBe(false);
    const list = { method: 'GET', route: '/api/product/all-products', status_code: '200' };
    expect(valueOf(families, 'http_request_duration_seconds', list)).toBeGreaterThanOrEqual(2);
  });

  it("counts the page cache's hits and misses, as the cache counts them", async () => {
    // The API test shop has no storefront, hence no page cache: its counts are handed to the metrics as the root
    // hands them (pages.ts), and read at the scrape.
    const { PageCache } = await import('../platform/http/page-cache/index.ts');
    const cache = new PageCache(1024 * 1024);
    const metrics = (shop.services as unknown as { metrics: ShopMetrics }).metrics;
    metrics.pageCache(() => cache.stats());
    const before = await scrape();
    const page = { status: 200, headers: [], keep: true, body: { bytes: 1 } } as never;
    await cache.get('/a', async () => page);
    cache.peek('/a');
    cache.peek('/a');
    const after = await scrape();
    expect(valueOf(after, 'shop_page_cache_hits_total')).toBe(valueOf(before, 'shop_page_cache_hits_total') + 2);
    expect(valueOf(after, 'shop_page_cache_misses_total')).toBe(valueOf(before, 'shop_page_cache_misses_total') + 1);
  });
});
