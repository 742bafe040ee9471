// The product page's JavaScript budget (decision 0011): every script Chromium loads for a product page, counted as
// the bytes the server sends a gzip client, must stay at or under 120 KB, so a feature cannot outgrow it unnoticed.
import { expect, test } from '@playwright/test';
import { gzippedSize, PRODUCT_PAGE_JS_BUDGET_BYTES } from '../../scripts/gzipped-size.ts';

test('a product page loads at most 120 KB of gzipped JavaScript', async ({ page, request }) => {
  const { products } = (await (await request.get('/api/product/all-products')).json()) as {
    products: Array<{ slug: string }>;
  };
  const scripts = new Set<string>();
  page.on('request', (loading) => {
    if (loading.resourceType() === 'script') scripts.add(loading.url());
  });
  await page.goto(`/product/${products[0]!.slug}`);
  // Scripts start once the main image has shown (decision 0042), which may be after a quiet moment on the network.
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(scripts.size).toBeGreaterThan(0);
  let bytes = 0;
  for (const url of scripts) bytes += await gzippedSize(url);
  console.log(`Product page JavaScript: ${scripts.size} files, ${(bytes / 1024).toFixed(1)} KB gzipped`);
  expect(bytes).toBeLessThanOrEqual(PRODUCT_PAGE_JS_BUDGET_BYTES);
});
