// The orders' section of the back office's dashboard (decision 0061).
import type { DashboardSection } from '../../core/contracts/admin-dashboard.ts';
import type { OrdersAtAGlance } from './dashboard.ts';

/** Today's and this month's sales, and the prepaid orders waiting on a payment, a refund or a look. */
export async function ordersSection(atAGlance: () => Promise<OrdersAtAGlance>): Promise<DashboardSection> {
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
