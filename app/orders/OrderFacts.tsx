import { ORDER_STATUS_LABELS, type OrderStatus } from '../../core/order';
import { formatRupees } from '../../core/money';
import { formatOrderDate } from './order-display';

interface OrderFactsProps {
  createdAt: string;
  /** paymentLabel's wording: Paid, Failed, Pay on delivery or Awaiting payment. */
  payment: string;
  status: OrderStatus;
  totalPrice: number;
  itemCount: number;
}

const STATUS_TONE: Partial<Record<OrderStatus, string>> = { cancelled: 'text-red-700', delivered: 'text-green-700' };

/** The spec's order fields (section 2, Orders): date, payment, status, total and item count. */
export function OrderFacts({ createdAt, payment, status, totalPrice, itemCount }: OrderFactsProps) {
  const facts: Array<[term: string, value: string, testId: string, tone?: string]> = [
    ['Date', formatOrderDate(createdAt), 'order-date'],
    ['Payment', payment, 'order-payment', payment === 'Failed' ? 'text-red-700' : undefined],
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
