import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { itemCount, shortOrderId, type Order } from '../../core/order';
import { awaitsPayment, payOrderPath } from './order-display';
import { OrderFacts } from './OrderFacts';
import { OrderDetails } from './OrderDetails';
import { ShipmentDetails } from './ShipmentDetails';

interface OrderCardProps {
  order: Order;
  /** Asks, cancels and updates the list; resolves true once the order is cancelled. */
  onCancel: (order: Order) => Promise<boolean>;
}

/**
 * One order of the account's list: the spec's fields, a details disclosure, Pay now while a prepaid order awaits
 * its payment and, while allowed, Cancel order.
 */
export function OrderCard({ order, onCancel }: OrderCardProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [cancelling, setCancelling] = useState(false);
  const shortId = shortOrderId(order.orderId);

  async function cancel() {
    setCancelling(true);
    const cancelled = await onCancel(order).finally(() => setCancelling(false));
    // The button goes away with the cancellation: keep the keyboard focus in this card.
    if (cancelled) headingRef.current?.focus();
  }

  return (
    <article
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg border border-stone-200 p-4 sm:p-5"
      data-testid="order-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          Order ID <span data-testid="order-id">{shortId}</span>
        </h3>
        <div className="flex flex-wrap gap-3">
          {awaitsPayment(order) && (
            <Link to={payOrderPath(order.orderId)} className="btn-primary py-2">
              Pay now<span className="sr-only"> for order {shortId}</span>
            </Link>
          )}
          {order.cancellable && (
            <button type="button" className="btn-secondary py-2" disabled={cancelling} onClick={() => void cancel()}>
              {cancelling ? 'Cancelling...' : 'Cancel order'}
              <span className="sr-only"> {shortId}</span>
            </button>
          )}
        </div>
      </div>
      <OrderFacts order={order} itemCount={itemCount(order.orderItems)} />
      {order.shipment && <ShipmentDetails shipment={order.shipment} />}
      <OrderDetails order={order} shortId={shortId} />
    </article>
  );
}
