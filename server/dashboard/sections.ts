import type { DashboardSection } from '../../core/contracts/admin-dashboard.ts';
import { LOW_STOCK_PAGE, type LowStockItem } from '../../core/contracts/admin-stock.ts';

/** How many low-stock products the dashboard lists; the stock page has them all. */
export const DASHBOARD_LOW_STOCK_ROWS = 10;

/** Products at or below their threshold, lowest first (the catalogue's `lowStock`). */
export async function lowStockSection(lowStock: (limit: number) => Promise<LowStockItem[]>): Promise<DashboardSection> {
  // Counted up to the stock page's largest page; listed lowest first up to DASHBOARD_LOW_STOCK_ROWS.
  const products = await lowStock(LOW_STOCK_PAGE.max);
  return {
    key: 'low-stock',
    title: 'Low stock',
    href: '/admin/stock',
    figures: [
      {
        label: 'Products at or below their threshold',
        value: products.length,
        unit: 'count',
        tone: products.length === 0 ? 'good' : 'warning',
      },
    ],
    rows: products.slice(0, DASHBOARD_LOW_STOCK_ROWS).map((product) => ({
      label: product.title,
      value: product.countInStock,
      unit: 'count',
      tone: product.countInStock === 0 ? 'bad' : 'warning',
      note: `threshold ${product.threshold}`,
      href: `/admin/stock?product=${product.productId}`,
    })),
  };
}

/** Contact messages no admin has read yet (the contact module's `unreadCount`). */
export async function unreadMessagesSection(unreadCount: () => Promise<number>): Promise<DashboardSection> {
  const unread = await unreadCount();
  return {
    key: 'messages',
    title: 'Messages',
    href: '/admin/messages?status=unread',
    figures: [
      {
        label: 'Unread messages',
        value: unread,
        unit: 'count',
        tone: unread === 0 ? 'good' : 'warning',
        href: '/admin/messages?status=unread',
      },
    ],
  };
}

/** What the orders module tells of its orders (its `atAGlance`). */
export interface OrderFigures {
  today: { orders: number; revenuePaise: number };
  thisMonth: { orders: number; revenuePaise: number };
  paymentsAwaiting: number;
  refundsDue: number;
  paymentsToReview: number;
}

/** Today's and this month's sales, and the prepaid orders waiting on a payment, a refund or a look. */
export async function ordersSection(atAGlance: () => Promise<OrderFigures>): Promise<DashboardSection> {
  const orders = await atAGlance();
  const waiting = (value: number) => (value === 0 ? 'good' : 'warning');
  return {
    key: 'orders',
    title: 'Orders',
    href: '/admin/orders',
    figures: [
      { label: 'Orders today', value: orders.today.orders, unit: 'count', tone: 'neutral' },
      { label: 'Revenue today', value: orders.today.revenuePaise, unit: 'paise', tone: 'neutral' },
      { label: 'Orders this month', value: orders.thisMonth.orders, unit: 'count', tone: 'neutral' },
      { label: 'Revenue this month', value: orders.thisMonth.revenuePaise, unit: 'paise', tone: 'neutral' },
      { label: 'Payments awaiting completion', value: orders.paymentsAwaiting, unit: 'count', tone: 'neutral' },
      { label: 'Refunds due', value: orders.refundsDue, unit: 'count', tone: waiting(orders.refundsDue) },
      {
        label: 'Payments to review (amount differs)',
        value: orders.paymentsToReview,
        unit: 'count',
        tone: orders.paymentsToReview === 0 ? 'good' : 'bad',
      },
    ],
  };
}

/** What the analytics module tells of real visitors' Web Vitals (its report's `vitals` and page views). */
export interface VitalsFigures {
  pageViews: { total: number };
  vitals: Array<{
    metric: string;
    unit: 'ms' | 'score';
    good: number;
    overall: { p75: number | null; samples: number; rating: 'good' | 'needs-improvement' | 'poor' | null };
    byPage: Array<{ page: string; p75: number | null; samples: number; rating: string | null }>;
  }>;
}

const toneOf = (rating: string | null): 'good' | 'bad' | 'warning' | 'neutral' =>
  rating === 'good' ? 'good' : rating === 'poor' ? 'bad' : rating ? 'warning' : 'neutral';
const goodAtMost = (good: number, unit: 'ms' | 'score') =>
  unit === 'ms' ? `good ≤ ${good >= 1000 ? `${good / 1000} s` : `${good} ms`}` : `good ≤ ${good}`;

/** Page views of the last four weeks, and each vital's p75 beside its 'good' threshold, per page type below. */
export async function webVitalsSection(report: () => Promise<VitalsFigures>): Promise<DashboardSection> {
  const { pageViews, vitals } = await report();
  return {
    key: 'web-vitals',
    title: 'Page views and Web Vitals (last 4 weeks, p75)',
    figures: [
      { label: 'Page views', value: pageViews.total, unit: 'count', tone: 'neutral' },
      ...vitals.map((vital) => ({
        label: `${vital.metric} (${vital.overall.samples} visits)`,
        value: vital.overall.p75 ?? 0,
        unit: vital.unit,
        tone: toneOf(vital.overall.rating),
        note: goodAtMost(vital.good, vital.unit),
      })),
    ],
    rows: vitals.flatMap((vital) =>
      vital.byPage
        .filter((page) => page.p75 !== null)
        .map((page) => ({
          label: `${vital.metric} on ${page.page} pages`,
          value: page.p75!,
          unit: vital.unit,
          tone: toneOf(page.rating),
          note: `${goodAtMost(vital.good, vital.unit)}, ${page.samples} visits`,
        })),
    ),
  };
}
