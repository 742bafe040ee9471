// GET /metrics of real processes (issue 33, decision 0066): a page-cache hit, answered before Fastify, is counted
// under the storefront's route pattern and in the page cache's counter; a worker answers /metrics on its port too.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { firstProductPath, startShopProcess, type ShopProcess } from '../testing/shop-process.ts';
import { parsePrometheusText } from '../testing/prometheus-text.ts';

const TOKEN = randomBytes(24).toString('hex');
const dataDirs: string[] = [];
const shops: ShopProcess[] = [];

async function start(env: Record<string, string>): Promise<ShopProcess> {
  const dataDir = path.resolve('.cache/processes', `metrics-${randomBytes(6).toString('hex')}`);
  dataDirs.push(dataDir);
  const shop = await startShopProcess({ DATA_DIR: dataDir, METRICS_TOKEN: TOKEN, ...env });
  shops.push(shop);
  return shop;
}

afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.stop()));
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

const scrape = async (shop: ShopProcess) => {
  const response = await fetch(`${shop.origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return parsePrometheusText(await response.text());
};

const sum = (families: ReturnType<typeof parsePrometheusText>, name: string, labels: Record<string, string> = {}) =>
  (families.get(name)?.samples ?? [])
    .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((total, sample) => total + sample.value, 0);

test("a page-cache hit counts as a hit and under the storefront's route; the product id never a label", async () => {
  const shop = await start({});
  const productPath = await firstProductPath(shop.origin);
  const before = await scrape(shop);
  for (let i = 0; i < 3; i++) {
    const page = await fetch(`${shop.origin}${productPath}`);
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    if (i > 0) expect(page.headers.get('x-page-cache')).toBe('hit');
  }
  const after = await scrape(shop);
  expect(sum(after, 'shop_page_cache_hits_total') - sum(before, 'shop_page_cache_hits_total')).toBe(2);
  expect(sum(after, 'shop_page_cache_misses_total') - sum(before, 'shop_page_cache_misses_total')).toBe(1);
  const pages = { route: '/*', status_code: '200' };
  const count = 'http_request_duration_seconds_count';
  const counted = (families: typeof after) =>
    families
      .get('http_request_duration_seconds')!
      .samples.filter(
        (sample) => sample.name === count && sample.labels.route === pages.route && sample.labels.status_code === '200',
      );
  const total = (families: typeof after) => counted(families).reduce((all, sample) => all + sample.value, 0);
  expect(total(after) - total(before)).toBe(3);
  const routes = after.get('http_request_duration_seconds')!.samples.map((sample) => sample.labels.route!);
  expect(routes.some((route) => route.includes(productPath))).toBe(false);
});

test('a worker answers /metrics on its own port', async () => {
  const worker = await start({ WORKER_MODE: 'worker' });
  const families = await scrape(worker);
  expect(families.get('shop_jobs_queued')?.type).toBe('gauge');
  expect((await fetch(`${worker.origin}/metrics`)).status).toBe(401);
});
