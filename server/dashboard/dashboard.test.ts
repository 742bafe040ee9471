import { beforeAll, describe, expect, it } from 'vitest';
import { testShopFor } from '../testing/harness.ts';
import { signedInAdmin, type SignedInAdmin } from '../testing/admin-session.ts';
import { productSupply, setProduct, verifiedShopper } from '../testing/orders.ts';
import type { DashboardSection } from '../../core/contracts/admin-dashboard.ts';

const shop = testShopFor({ LOW_STOCK_THRESHOLD: '5', CONTACT_MESSAGES_PER_HOUR: '1000' });
let admin: SignedInAdmin;
beforeAll(async () => {
  admin = await signedInAdmin(shop(), 'staff');
});

const dashboard = (headers: Record<string, string>) =>
  shop().app.inject({ method: 'GET', url: '/api/admin/dashboard', headers });

async function sections(): Promise<Record<string, DashboardSection>> {
  const response = await dashboard(admin.headers);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json<{ sections: DashboardSection[] }>();
  return Object.fromEntries(answer.sections.map((section) => [section.key, section]));
}

describe('GET /api/admin/dashboard', () => {
  it('shows the low-stock products and the unread messages, and follows them', async () => {
    const sold = await productSupply(shop())({ stock: 100 });
    const before = await sections();
    const unreadBefore = before.messages!.figures[0]!.value;
    const lowBefore = before['low-stock']!.figures[0]!.value;

    await setProduct(shop(), sold, { stock: 0 });
    const contact = await shop().app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { fullname: 'Asha Verma', email: 'asha@example.in', phone: '9876543210', message: 'Any diyas left?' },
    });
    expect(contact.statusCode, contact.body).toBe(201);

    const after = await sections();
    expect(after.messages!.figures[0]).toMatchObject({ label: 'Unread messages', value: unreadBefore + 1 });
    expect(after.messages!.figures[0]!.tone).toBe('warning');
    const lowStock = after['low-stock']!;
    expect(lowStock.figures[0]!.value).toBe(lowBefore + 1);
    // Lowest stock first: the sold-out product is among the first, with its threshold.
    const row = lowStock.rows!.find((candidate) => candidate.href === `/admin/stock?product=${sold}`);
    expect(row).toMatchObject({ value: 0, tone: 'bad', note: 'threshold 5' });
    expect(lowStock.rows!.map((candidate) => candidate.value)).toEqual(
      lowStock.rows!.map((candidate) => candidate.value).sort((a, b) => a - b),
    );
  });

  it("shows today's and this month's orders and revenue, and the payments and refunds that wait", async () => {
    const { orders } = await sections();
    const figures = Object.fromEntries(orders!.figures.map((figure) => [figure.label, figure]));
    const glance = await shop().services.orders.atAGlance();
    expect(figures['Orders today']).toMatchObject({ value: glance.today.orders, unit: 'count' });
    expect(figures['Revenue this month']).toMatchObject({ value: glance.thisMonth.revenuePaise, unit: 'paise' });
    expect(figures['Payments awaiting completion']!.value).toBe(glance.paymentsAwaiting);
    expect(figures['Refunds due']!.value).toBe(glance.refundsDue);
  });

  it("shows real visitors' Web Vitals at p75 beside their 'good' thresholds", async () => {
    const beacon = await shop().app.inject({
      method: 'POST',
      url: '/api/analytics/collect',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
      },
      payload: JSON.stringify({ page: 'home', vitals: { LCP: 1800, INP: 120, CLS: 0.02, TTFB: 400 } }),
    });
    expect(beacon.statusCode, beacon.body).toBe(204);
    const vitals = (await sections())['web-vitals']!;
    const lcp = vitals.figures.find((figure) => figure.label.startsWith('LCP'))!;
    expect(lcp).toMatchObject({ unit: 'ms', tone: 'good', note: 'good ≤ 2.5 s' });
    expect(lcp.value).toBeGreaterThan(0);
    expect(vitals.rows!.some((row) => row.label === 'LCP on home pages')).toBe(true);
  });

  it('answers 403 to a visitor and to a shopper', async () => {
    const shopper = await verifiedShopper(shop());
    expect((await dashboard({})).statusCode).toBe(403);
    expect((await dashboard(shopper.bearer)).statusCode).toBe(403);
  });
});
