import { expect, test } from '@playwright/test';
import { axeViolations } from './axe';
import { open } from './helpers';

const PAGES = [
  '/',
  '/shop',
  '/product/cosmo-crew-vinyl-figure-captain-tara',
  '/shipping-policy',
  '/privacy-policy',
  '/cart',
  '/signin',
  '/checkout',
  '/track-your-order',
  '/contact-us',
  '/payment/status?orderId=0123456789ABCDEFGHJKMNPQ&paymentMethod=cod',
];

for (const path of PAGES) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    // A full axe run takes 3 s on an idle machine and ten times that on a busy 2-core CI runner.
    test.setTimeout(120_000);
    await open(page, path);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
  });
}
