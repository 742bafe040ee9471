// First-party analytics in a real browser (issue 31, decision 0050): a short visit's page view is counted once, and
// a page hidden before the measuring code loads still sends the Web Vitals it has.
import { devices, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config';
import type { AnalyticsReport } from '../../core/contracts/analytics';
import { signInOwnerWithRecoveryCode } from './admin-helpers';
import { open } from './helpers';

/**
 * A beacon sent as the page goes leaves without the page's emulated user agent, with the browser's own, which says
 * HeadlessChrome, and the shop drops headless browsers' beacons as bots': this browser says it is a person's.
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--user-agent=${devices['Desktop Chrome'].userAgent}`],
  },
});

/** Each spec its own recovery code (admin-orders takes 1, admin-products the last). */
const RECOVERY_CODE = 5;

interface Beacon {
  page: string;
  product?: string;
  vitals?: Record<string, number>;
  view?: boolean;
}

/** The beacons the context's pages send, with the status each was answered (sendBeacon outlives its page). */
function beaconsOf(context: BrowserContext) {
  const sent: Array<{ beacon: Beacon; status: Promise<number | undefined> }> = [];
  context.on('request', (request) => {
    if (!request.url().endsWith('/api/analytics/collect')) return;
    const status = request.response().then((response) => response?.status());
    sent.push({ beacon: JSON.parse(request.postData() ?? '{}') as Beacon, status });
  });
  return sent;
}

async function reportOf(admin: Page): Promise<AnalyticsReport> {
  const response = await admin.request.get('/api/admin/analytics');
  expect(response.status()).toBe(200);
  return (await response.json()) as AnalyticsReport;
}

const viewsOf = (report: AnalyticsReport, slug: string) =>
  report.pageViews.topProducts.find((product) => product.slug === slug)?.views ?? 0;
const productSamplesOf = (report: AnalyticsReport, metric: string) =>
  report.vitals.find((vital) => vital.metric === metric)?.byPage.find((row) => row.page === 'product')?.samples ?? 0;

test.describe('analytics', () => {
  // One owner's sign-in (a recovery code works once) for both.
  test.describe.configure({ mode: 'serial' });
  let admin: Page;
  let slug: string;

  test.beforeAll(async ({ browser }, testInfo) => {
    admin = await browser.newPage();
    await signInOwnerWithRecoveryCode(admin, testInfo.project.name, RECOVERY_CODE);
    const { products } = (await (await admin.request.get('/api/product/all-products')).json()) as {
      products: Array<{ slug: string }>;
    };
    // The first by name: among products viewed as often, the report's list names it first.
    slug = products.map((product) => product.slug).sort()[0]!;
  });
  test.afterAll(async () => admin.close());

  test('a 2-second visit to a product page counts one page view', async ({ page, context }) => {
    const sent = beaconsOf(context);
    const before = viewsOf(await reportOf(admin), slug);
    await open(page, `/product/${slug}`);
    await page.waitForTimeout(2000);
    await page.goto('about:blank');

    await expect.poll(() => sent.filter(({ beacon }) => beacon.view !== false).length).toBe(1);
    const [view] = sent.filter(({ beacon }) => beacon.view !== false);
    expect(view!.beacon).toEqual({ page: 'product', product: slug });
    expect(await view!.status).toBe(204);
    await expect.poll(async () => viewsOf(await reportOf(admin), slug)).toBe(before + 1);
    // Counted once: nothing more comes of leaving.
    await page.waitForTimeout(500);
    expect(sent.filter(({ beacon }) => beacon.view !== false)).toHaveLength(1);
  });

  test('a visit hidden after 3 s sends its Web Vitals', async ({ page }) => {
    const before = await reportOf(admin);
    await open(page, `/product/${slug}`);
    await page.waitForTimeout(3000);
    // Left: the page is hidden and goes before the measuring code would have loaded (5 s). The beacon it sends
    // while unloading is the browser's to deliver, so the shop's report tells whether it came.
    await page.goto('about:blank');

    for (const metric of ['LCP', 'TTFB', 'CLS'])
      await expect
        .poll(async () => productSamplesOf(await reportOf(admin), metric), { message: metric })
        .toBeGreaterThan(productSamplesOf(before, metric));
    // Its view was counted by its own beacon, and this one counted none.
    await expect.poll(async () => viewsOf(await reportOf(admin), slug)).toBe(viewsOf(before, slug) + 1);
  });
});
