import { Link } from 'react-router';
import { shortOrderId } from '../../core/order';
import { FullOrderId, OrderIdLine, StatusCard } from './StatusCard';

const ordersLink = (
  <Link to="/profile/orders" className="btn-secondary">
    View your orders
  </Link>
);

/** Cash on delivery: the order is placed; nothing is looked up (spec section 2). */
export function OrderPlaced({ orderId }: { orderId: string }) {
  return (
    <StatusCard title="Order Placed Successfully!" tone="success" actions={ordersLink}>
      <OrderIdLine orderId={orderId} />
      <p>A confirmation e-mail with your order ID will follow shortly.</p>
      <p>We will let you know by e-mail when your order ships.</p>
    </StatusCard>
  );
}

export function PaymentSuccessful({ orderId }: { orderId: string }) {
  return (
    <StatusCard title="Payment Successful!" tone="success" actions={ordersLink}>
      <OrderIdLine orderId={orderId} />
      <p>Thank you for your order! Your payment has been received.</p>
      <p>A confirmation e-mail with your order ID will follow shortly.</p>
    </StatusCard>
  );
}

/** A prepaid order whose payment has not arrived yet: the order is kept and waits for it. */
export function PaymentPending({ orderId }: { orderId: string }) {
  return (
    <StatusCard title="Payment pending" tone="pending" actions={ordersLink}>
      <p>
        Your order <strong className="font-semibold text-ink">{shortOrderId(orderId)}</strong> is saved and awaits
        payment.
        <FullOrderId orderId={orderId} />
      </p>
    </StatusCard>
  );
}

export function PaymentFailed() {
  return (
    <StatusCard title="Payment Failed!" tone="failure">
      <p>We were unable to process your payment. Please try again or contact support.</p>
    </StatusCard>
  );
}
