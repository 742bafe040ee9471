// The stock module's section of the back office's dashboard (decisions 0061, 0062).
import type { DashboardSection } from '../../core/contracts/admin-dashboard.ts';
import { LOW_STOCK_PAGE, type LowStockItem } from '../../core/contracts/admin-stock.ts';

/** How many low-stock products the dashboard lists; the stock page has them all. */
export const DASHBOARD_LOW_STOCK_ROWS = 10;

/** Products at or below their threshold, lowest first (the stock module's `lowStock`). */
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
