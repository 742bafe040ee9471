// The page cache's key (issue 31, decision 0050): a page is kept under its path and the query it reads, so a flood
// of made-up query strings is rendered for each request and never kept, and the pages kept stay in place.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { firstProductPath, startShopProcess, type ShopProcess } from '../testing/shop-process.ts';

const dataDir = path.resolve('.cache/processes', `page-cache-key-${randomBytes(6).toString('hex')}`);
let shop: ShopProcess;
let productPath: string;

beforeAll(async () => {
  // Room for a handful of pages: a few dozen more kept would push the first ones out.
  shop = await startShopProcess({ DATA_DIR: dataDir, PAGE_CACHE_MB: '1' });
  productPath = await firstProductPath(shop.origin);
});
afterAll(async () => {
  await shop?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const cacheOf = async (route: string) => {
  const response = await fetch(`${shop.origin}${route}`, { headers: { 'accept-encoding': 'identity' } });
  expect(response.status, route).toBe(200);
  await response.arrayBuffer();
  return response.headers.get('x-page-cache');
};

test('a flood of random query strings leaves the kept pages in place', async () => {
  const kept = ['/', '/shop', productPath, `${productPath}?review=1`];
  for (const route of kept) await cacheOf(route);
  for (const route of kept) expect(await cacheOf(route), route).toBe('hit');

  for (let i = 0; i < 60; i++) {
    const junk = randomBytes(6).toString('hex');
    const route = [`/shop?${junk}=1`, `${productPath}?utm_source=${junk}`, `/?q=${junk}`][i % 3]!;
    // Rendered for this request, through the storefront route, and not kept.
    expect(await cacheOf(route), route).toBeNull();
  }
  for (const route of kept) expect(await cacheOf(route), route).toBe('hit');
  // The same query in another order or with empties is the same kept page.
  expect(await cacheOf(`${productPath}?review=1&review=1&`)).toBe('hit');
});
