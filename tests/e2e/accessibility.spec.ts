import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
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
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    const summary = results.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
    expect(summary).toEqual([]);
  });
}
