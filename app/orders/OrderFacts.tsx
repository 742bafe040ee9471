import {
  ORDER_STATUS_LABELS,
  PAYMENT_PROBLEM_LABELS,
  paymentLabel,
  type Order,
  type OrderStatus,
} from '../../core/order';
import { formatRupees } from '../../core/money';
import { formatOrderDate } from './order-display';

interface OrderFactsProps {
  /** An order as the account or the tracking page has it. */
  order: Pick<Order, 'createdAt' | 'isPaid' | 'paymentStatus' | 'paymentMethod' | 'orderStatus' | 'totalPrice'>;
  itemCount: number;
}

const STATUS_TONE: Partial<Record<OrderStatus, string>> = {
  cancelled: 'text-red-700',
  delivered: 'text-green-700',
  returned: 'text-amber-800',
};

/** The spec's order fields (section 2, Orders): date, payment, status, total and item count. */
export function OrderFacts({ order, itemCount }: OrderFactsProps) {
  const { createdAt, orderStatus: status, totalPrice } = order;
  const payment = paymentLabel(order);
  const facts: Array<[term: string, value: string, testId: string, tone?: string]> = [
    ['Date', formatOrderDate(createdAt), 'order-date'],
    ['Payment', payment, 'order-payment', PAYMENT_PROBLEM_LABELS.has(payment) ? 'text-red-700' : undefined],
    ['Status', ORDER_STATUS_LABELS[status], 'order-status', STATUS_TONE[status]],
    ['Total', formatRupees(totalPrice, { fixedDecimals: true }), 'order-total'],
    ['Items', `${itemCount} item(s)`, 'order-items'],
  ];
  return (
    // Two columns on a phone; wider, one row of facts each as wide as its value, so a date never breaks.
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:flex sm:flex-wrap sm:gap-x-10">
      {facts.map(([term, value, testId, tone]) => (
        <div key={term}>
          <dt className="text-stone-600">{term}</dt>
          <dd className={`font-medium ${tone ?? ''}`} data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
