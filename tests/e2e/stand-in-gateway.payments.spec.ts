// Prepaid checkout against a PhonePe-compatible host that is not PhonePe (decision 0022): with PHONEPE_API_URL,
// PHONEPE_AUTH_URL, PHONEPE_CHECKOUT_SCRIPT_URL and PHONEPE_PAY_PAGE_ORIGINS pointing at a stand-in on another port,
// the browser loads the stand-in's script and opens the stand-in's pay page, and the CSP allows both.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { freePort, startShopProcess } from '../../server/testing/shop-process.ts';
import { startSimulatorProcess } from '../../server/testing/simulator-process.ts';
import { SMTP_PORT } from './mail-catcher.ts';
import { fillCheckoutAddress, productsInStock, signInThroughPage, verifiedBuyer } from './helpers';

/** A local shop whose PhonePe is the stand-in, started once per worker; tests run against it. */
const test = base.extend<{}, { standIn: { shopOrigin: string; gatewayOrigin: string } }>({
  standIn: [
    // Playwright reads a fixture's dependencies from its first parameter's destructuring: none here, so `{}`.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const port = await freePort();
      const shopOrigin = `http://127.0.0.1:${port}`;
      const gateway = await startSimulatorProcess({ webhookUrl: `${shopOrigin}/api/payment/webhook` });
      const dataDir = path.resolve('.cache', `e2e-stand-in-${randomBytes(4).toString('hex')}`);
      try {
        const shop = await startShopProcess({
          PORT: String(port),
          PUBLIC_URL: shopOrigin,
          DATA_DIR: dataDir,
          NODE_ENV: 'development',
          SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
          JOB_POLL_MS: '500',
          ...gateway.settings,
        });
        await use({ shopOrigin, gatewayOrigin: gateway.settings.PHONEPE_PAY_PAGE_ORIGINS! });
        await shop.stop();
      } finally {
        await gateway.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ standIn }, use) => use(standIn.shopOrigin),
});

test('the checkout opens the stand-in gateway pay page, and its Pay pays the order', async ({
  page,
  request,
  standIn,
}) => {
  test.slow();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const [product] = await productsInStock(request);
  const shopper = await verifiedBuyer(request);
  await signInThroughPage(page, shopper, `/product/${product!.slug}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL('/cart');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.locator(`script[src="${standIn.gatewayOrigin}/__phonepe/checkout.js"]`)).toHaveCount(1);
  await fillCheckoutAddress(page, shopper.email);
  await page.getByLabel('I confirm that I am 18 or older. *').check();
  await page.getByRole('button', { name: 'Place Order' }).click();

  const frame = page.locator('iframe');
  await expect(frame).toBeVisible();
  expect(new URL((await frame.getAttribute('src'))!).origin).toBe(standIn.gatewayOrigin);
  await page.frameLocator('iframe').getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/status\?orderId=[0-9A-Z]{24}$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  expect(violations).toEqual([]);
});
