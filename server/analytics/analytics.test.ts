import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import type { AnalyticsReport } from '../../core/contracts/analytics.ts';
import { testShopFor, type TestShop } from '../testing/harness.ts';
import { signedInAdmin } from '../testing/admin-session.ts';
import { verifiedShopper } from '../testing/orders.ts';
import { MemoryRateLimitStore, RateLimiter } from '../platform/http/rate-limit.ts';
import { pageViewCounts, vitalSamples } from './schema.ts';
import { AnalyticsService } from './service.ts';
import { indiaDay } from './days.ts';

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile';
const VISITOR_IP = '203.0.113.77';

/** A beacon as navigator.sendBeacon sends a string: text/plain, from a phone's browser. */
const beacon = (shop: TestShop, body: unknown, headers: Record<string, string> = {}) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/analytics/collect',
    remoteAddress: VISITOR_IP,
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function sent(shop: TestShop, body: unknown, headers?: Record<string, string>) {
  const response = await beacon(shop, body, headers);
  expect(response.statusCode, response.body).toBe(204);
  return response;
}

const counters = (shop: TestShop) => shop.services.database.db.select().from(pageViewCounts);
const samples = (shop: TestShop) => shop.services.database.db.select().from(vitalSamples);
const viewsOf = async (shop: TestShop, page: string, product = '') =>
  (await counters(shop)).find((row) => row.pageType === page && row.product === product)?.views ?? 0;

async function report(shop: TestShop, query = ''): Promise<AnalyticsReport> {
  const { headers } = await signedInAdmin(shop);
  const response = await shop.app.inject({ method: 'GET', url: `/api/admin/analytics${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AnalyticsReport>();
}

describe('page views', () => {
  const shop = testShopFor();

  it('are counted per day and page type, and per product for known products, with nothing about the visitor', async () => {
    const [product] = await shop().services.catalog.listProducts();
    await sent(shop(), { page: 'home' });
    await sent(shop(), { page: 'home' }, { 'content-type': 'application/json' });
    await sent(shop(), { page: 'product', product: product!.slug });
    await sent(shop(), { page: 'product', product: 'no-such-product-anywhere' });
    const response = await sent(shop(), { page: 'checkout', vitals: { TTFB: 120 } });
    expect(response.headers['set-cookie']).toBeUndefined();

    const today = indiaDay(new Date());
    expect(await counters(shop())).toEqual(
      expect.arrayContaining([
        { day: today, pageType: 'home', product: '', views: 2 },
        { day: today, pageType: 'product', product: product!.slug, views: 1 },
        // A made-up slug is counted, not stored: the table holds only what the catalogue names.
        { day: today, pageType: 'product', product: '', views: 1 },
        { day: today, pageType: 'checkout', product: '', views: 1 },
      ]),
    );
    // The tables have no column a visitor could be told apart by, and no value holds their address or browser.
    expect(Object.keys(getTableColumns(pageViewCounts)).sort()).toEqual(['day', 'pageType', 'product', 'views']);
    expect(Object.keys(getTableColumns(vitalSamples)).sort()).toEqual(['day', 'id', 'metric', 'pageType', 'value']);
    const stored = JSON.stringify([await counters(shop()), await samples(shop())]);
    expect(stored).not.toContain(VISITOR_IP);
    expect(stored).not.toContain('Android');
  });

  it("drops bots' beacons, answered as any other", async () => {
    const before = await viewsOf(shop(), 'cart');
    for (const userAgent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
      'facebookexternalhit/1.1',
      'DuckDuckBot-Https/1.1; (+https://duckduckgo.com/duckduckbot)',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0 Mobile Safari/537.36 Chrome-Lighthouse',
      'curl/8.5.0',
      '',
    ])
      await sent(shop(), { page: 'cart', vitals: { LCP: 900 } }, { 'user-agent': userAgent });
    expect(await viewsOf(shop(), 'cart')).toBe(before);
    expect((await samples(shop())).filter((row) => row.value === 900)).toEqual([]);

    // A phone whose model has "bot" in its name is a person's.
    const cubot =
      'Mozilla/5.0 (Linux; Android 10; CUBOT_X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile';
    await sent(shop(), { page: 'cart' }, { 'user-agent': cubot });
    expect(await viewsOf(shop(), 'cart')).toBe(before + 1);
  });

  it('refuses a bad beacon with a 4xx that says what is wrong, and counts nothing', async () => {
    const stored = JSON.stringify(await counters(shop()));
    for (const [body, status, message] of [
      ['{"page":"home"', 400, 'The beacon must be JSON'],
      ['', 400, 'The beacon must be JSON'],
      [[], 400, 'A beacon is a JSON object of page, product, vitals and view only'],
      [{}, 400, 'page must be one of home, shop, product, cart, checkout, policy, account, other'],
      [{ page: 'admin' }, 400, 'page must be one of home, shop, product, cart, checkout, policy, account, other'],
      [
        { page: 'home', url: 'https://shop.example/?email=a@b.in' },
        400,
        'A beacon is a JSON object of page, product, vitals and view only',
      ],
      [{ page: 'home', product: 'lamp' }, 400, 'product is only for product pages'],
      [{ page: 'product', product: '../../etc' }, 400, 'product must be a product slug'],
      [{ page: 'home', vitals: { LCP: -1 } }, 400, 'LCP must be 0 or more'],
      [{ page: 'home', vitals: { INP: 'fast' } }, 400, 'INP must be a number'],
      [{ page: 'home', vitals: { CLS: 11 } }, 400, 'CLS must be at most 10'],
      [{ page: 'home', vitals: { FID: 10 } }, 400, 'vitals is an object of LCP, INP, CLS and TTFB only'],
      [{ page: 'home', view: 'no' }, 400, 'view must be true or false'],
      [{ page: 'home', view: false }, 400, 'A beacon that is not a view carries vitals'],
      [{ page: 'home', vitals: { TTFB: 1 }, padding: 'x'.repeat(5000) }, 413, 'Request body is too large'],
    ] as const) {
      const response = await beacon(shop(), body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(response.json(), JSON.stringify(body).slice(0, 80)).toEqual({ message });
    }
    const form = await beacon(shop(), 'page=home', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    expect(JSON.stringify(await counters(shop()))).toBe(stored);
  });

  it('counts a beacon of vitals only (view: false) as no view, and keeps its vitals', async () => {
    const before = await viewsOf(shop(), 'account');
    const response = await sent(shop(), { page: 'account', vitals: { TTFB: 4321, CLS: 0.5 }, view: false });
    // Nothing to answer: no body, as the document says.
    expect(response.body).toBe('');
    expect(response.headers['content-type']).toBeUndefined();
    expect(await viewsOf(shop(), 'account')).toBe(before);
    const kept = (await samples(shop())).filter((row) => row.pageType === 'account').map((row) => row.value);
    expect(kept.sort()).toEqual([0.5, 4321]);
  });

  it("refuses another site's beacon, by Sec-Fetch-Site or Origin, and counts it nowhere (decision 0050)", async () => {
    const before = await viewsOf(shop(), 'shop');
    const own = new URL(shop().services.origin).origin;
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site', origin: own },
      { origin: 'https://elsewhere.example' },
      { 'sec-fetch-site': 'same-origin', origin: 'https://elsewhere.example' },
      { origin: 'null' },
    ];
    for (const headers of foreign) {
      const response = await beacon(shop(), { page: 'shop', vitals: { LCP: 1234 } }, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site requests are not allowed here' });
    }
    expect(await viewsOf(shop(), 'shop')).toBe(before);
    expect((await samples(shop())).filter((row) => row.value === 1234)).toEqual([]);
    // The shop's own pages, as a browser says so, and a client that says nothing.
    await sent(shop(), { page: 'shop' }, { 'sec-fetch-site': 'same-origin', origin: own });
    await sent(shop(), { page: 'shop' });
    expect(await viewsOf(shop(), 'shop')).toBe(before + 2);
  });

  it('documents what it answers: text/plain or JSON in, a 204 without a body out', async () => {
    const document = (await shop().app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { post: { requestBody: { content: object }; responses: Record<string, object> } }>;
    }>();
    const { requestBody, responses } = document.paths['/api/analytics/collect']!.post;
    expect(Object.keys(requestBody.content).sort()).toEqual(['application/json', 'text/plain']);
    expect(responses['204']).not.toHaveProperty('content');
    expect(Object.keys(responses).sort()).toEqual(['204', '400', '403', '413', '415', '429', '500']);
  });

  it('are limited per address', async () => {
    const analytics = new AnalyticsService({
      database: shop().services.database,
      isProduct: async () => false,
      limiter: new RateLimiter(new MemoryRateLimitStore()),
      beaconsPerMinute: 2,
    });
    const sender = { ip: '198.51.100.9', userAgent: BROWSER };
    const before = await viewsOf(shop(), 'policy');
    await analytics.collect({ page: 'policy' }, sender);
    await analytics.collect({ page: 'policy' }, sender);
    await expect(analytics.collect({ page: 'policy' }, sender)).rejects.toMatchObject({ statusCode: 429 });
    await analytics.collect({ page: 'policy' }, { ...sender, ip: '198.51.100.10' });
    expect(await viewsOf(shop(), 'policy')).toBe(before + 3);
  });
});

describe('the shop-wide caps (decision 0050)', () => {
  const shop = testShopFor({ ANALYTICS_BEACONS_PER_MINUTE: '3', ANALYTICS_VITALS_PER_DAY: '2' });
  const from = (remoteAddress: string, body: object, userAgent = BROWSER) =>
    shop().app.inject({
      method: 'POST',
      url: '/api/analytics/collect',
      remoteAddress,
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': userAgent },
      payload: JSON.stringify(body),
    });

  it('keep the vitals of so many page loads a day, then count views without them; and so many beacons a minute', async () => {
    const bot = await from('198.51.100.29', { page: 'home', vitals: { TTFB: 100 } }, 'curl/8.5.0');
    expect(bot.statusCode).toBe(204);
    const answers = [];
    for (const [index, TTFB] of [101, 102, 103].entries())
      answers.push(await from(`198.51.100.${30 + index}`, { page: 'home', vitals: { TTFB } }));
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204]);
    expect((await samples(shop())).map((row) => row.value).sort()).toEqual([101, 102]);
    expect(await viewsOf(shop(), 'home')).toBe(3);

    // The whole shop's minute is spent, whichever address asks; a bot's dropped beacon spent none of it.
    const refused = await from('198.51.100.40', { page: 'home' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/^Too many attempts\. Please try again in/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await viewsOf(shop(), 'home')).toBe(3);
  });
});

describe('the analytics report', () => {
  const shop = testShopFor();

  it("gives each vital's p75 per page type and over all pages, rated against its thresholds", async () => {
    for (const LCP of [1000, 2000, 3000, 4000]) await sent(shop(), { page: 'home', vitals: { LCP } });
    await sent(shop(), { page: 'shop', vitals: { LCP: 500, CLS: 0.3, INP: 120 } });
    await sent(shop(), { page: 'shop' });

    const { pageViews, vitals, from, to } = await report(shop());
    const today = indiaDay(new Date());
    expect(to).toBe(today);
    expect(Date.parse(to) - Date.parse(from)).toBe(27 * 24 * 60 * 60 * 1000);
    expect(pageViews).toEqual({
      total: 6,
      byDay: [
        { day: today, page: 'home', views: 4 },
        { day: today, page: 'shop', views: 2 },
      ],
      topProducts: [],
    });
    const [lcp, inp, cls, ttfb] = vitals;
    // percentile_cont: 1000, 2000, 3000, 4000 → 3000 + 0.25 × 1000; with 500 added, the 4th of 5 sorted values.
    expect(lcp).toEqual({
      metric: 'LCP',
      unit: 'ms',
      good: 2500,
      poor: 4000,
      overall: { p75: 3000, samples: 5, rating: 'needs-improvement' },
      byPage: [
        { page: 'home', p75: 3250, samples: 4, rating: 'needs-improvement' },
        { page: 'shop', p75: 500, samples: 1, rating: 'good' },
      ],
    });
    expect(inp).toMatchObject({ metric: 'INP', good: 200, overall: { p75: 120, samples: 1, rating: 'good' } });
    expect(cls).toMatchObject({ metric: 'CLS', unit: 'score', good: 0.1, overall: { p75: 0.3, rating: 'poor' } });
    expect(ttfb).toEqual({
      metric: 'TTFB',
      unit: 'ms',
      good: 800,
      poor: 1800,
      overall: { p75: null, samples: 0, rating: null },
      byPage: [],
    });
  });

  it('leaves out of its percentiles any sample outside what a real measurement can be, however it was stored', async () => {
    const day = '2025-03-03';
    const stored = (pageType: string, metric: string, values: number[]) =>
      shop()
        .services.database.db.insert(vitalSamples)
        .values(values.map((value) => ({ day, pageType, metric, value })));
    await stored('cart', 'LCP', [1000, 2000, 3000, 4000, 9e9, -5, 60_001]);
    await stored('cart', 'CLS', [0.1, 0.2, 11, 1e6]);
    await stored('cart', 'INP', [-1, 3_600_000]);
    await stored('cart', 'TTFB', [100, 60_000, 1e12]);

    const { vitals } = await report(shop(), `?from=${day}&to=${day}`);
    const [lcp, inp, cls, ttfb] = vitals;
    expect(lcp!.overall).toEqual({ p75: 3250, samples: 4, rating: 'needs-improvement' });
    expect(cls!.overall).toMatchObject({ samples: 2 });
    expect(cls!.overall.p75).toBeCloseTo(0.175);
    expect(inp!.overall).toEqual({ p75: null, samples: 0, rating: null });
    expect(ttfb!.overall).toMatchObject({ p75: 45_025, samples: 2 });
  });

  it('covers the days asked, and refuses a range it cannot give', async () => {
    const empty = await report(shop(), '?from=2020-01-01&to=2020-01-31');
    expect(empty.pageViews.total).toBe(0);
    expect(empty.vitals.every(({ overall }) => overall.samples === 0)).toBe(true);

    const { headers } = await signedInAdmin(shop(), 'staff');
    for (const [query, message] of [
      ['?from=2020-02-01&to=2020-01-31', 'from must be on or before to'],
      ['?from=2020-01-01&to=2021-01-31', 'A report covers at most 366 days'],
      ['?from=2020-02-30', 'from must be a date such as 2026-01-31'],
      ['?to=yesterday', 'to must be a date such as 2026-01-31'],
    ]) {
      const response = await shop().app.inject({ method: 'GET', url: `/api/admin/analytics${query}`, headers });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ message });
    }
  });

  it('is refused to visitors and shoppers', async () => {
    const shopper = await verifiedShopper(shop());
    for (const headers of [{}, shopper.bearer]) {
      const response = await shop().app.inject({ method: 'GET', url: '/api/admin/analytics', headers });
      expect(response.statusCode).toBe(403);
    }
  });

  it(`keeps Web Vitals samples for 90 days`, async () => {
    const database = shop().services.database;
    const at = (day: string) =>
      new AnalyticsService({
        database,
        isProduct: async () => false,
        limiter: new RateLimiter(new MemoryRateLimitStore()),
        now: () => new Date(`${day}T12:00:00+05:30`),
      });
    const sender = { ip: '198.51.100.20', userAgent: BROWSER };
    await at('2026-01-01').collect({ page: 'other', vitals: { TTFB: 11 } }, sender);
    await at('2026-01-02').collect({ page: 'other', vitals: { TTFB: 12 } }, sender);
    const ninetyDaysOn = at('2026-04-01'); // 2026-01-02 is its 90th day back
    await ninetyDaysOn.collect({ page: 'other', vitals: { TTFB: 13 } }, sender);

    const kept = (await samples(shop())).filter((row) => row.pageType === 'other').map((row) => row.day);
    expect(kept.sort()).toEqual(['2026-01-02', '2026-04-01']);
    const old = await ninetyDaysOn.report({ from: '2026-01-01', to: '2026-01-01' });
    expect(old.pageViews.byDay).toEqual([{ day: '2026-01-01', page: 'other', views: 1 }]);
  });
});
