import { Link } from 'react-router';
import { shortOrderId } from '../../core/order';
import { Spinner } from '../components/Spinner';
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

interface PaymentPendingProps {
  orderId: string;
  /** The page has stopped asking; the payment may still arrive. */
  stillWaiting: boolean;
  /** Asks again for a while. */
  onCheckAgain: () => void;
}

/** A prepaid order whose payment has not arrived yet: the order is kept and waits for it. */
export function PaymentPending({ orderId, stillWaiting, onCheckAgain }: PaymentPendingProps) {
  const orderLine = (
    <p>
      Your order <strong className="font-semibold text-ink">{shortOrderId(orderId)}</strong> is saved and awaits
      payment.
      <FullOrderId orderId={orderId} />
    </p>
  );
  if (!stillWaiting) {
    return (
      <StatusCard title="Waiting for your payment" tone="pending">
        <Spinner label="Waiting for the payment to be confirmed" />
        {orderLine}
        <p>If your UPI app asks you to approve the payment, please do. This page updates by itself.</p>
      </StatusCard>
    );
  }
  return (
    <StatusCard
      title="Payment pending"
      tone="pending"
      actions={
        <>
          <button type="button" className="btn-secondary" onClick={onCheckAgain}>
            Check again
          </button>
          {ordersLink}
        </>
      }
    >
      {orderLine}
      <p>
        We are still waiting to hear from the payment service. If you paid, your order will show as paid in your orders
        within a few minutes; if not, nothing has been charged.
      </p>
    </StatusCard>
  );
}

/** A payment of another amount than the order's: held, never marked paid, until the shop has checked it. */
export function PaymentUnderReview({ orderId }: { orderId: string }) {
  return (
    <StatusCard title="Payment under review" tone="pending" actions={ordersLink}>
      <OrderIdLine orderId={orderId} />
      <p>
        The payment we received does not match your order&apos;s total. We are checking it and will write to you by
        e-mail; nothing more needs to be paid meanwhile.
      </p>
    </StatusCard>
  );
}

/** A payment that arrived but went back: the order was cancelled, or expired and its items were gone. */
export function PaymentRefunded({ orderId }: { orderId: string }) {
  return (
    <StatusCard title="Payment refunded" tone="pending" actions={ordersLink}>
      <OrderIdLine orderId={orderId} />
      <p>
        This order is cancelled, so your payment is being refunded to where it came from. Refunds usually arrive within
        5-7 business days; we have sent you the details by e-mail.
      </p>
    </StatusCard>
  );
}

interface PaymentFailedProps {
  /** Where to pay for the same order again, while it may still be paid; without it, the order is closed. */
  tryAgainTo?: string;
}

export function PaymentFailed({ tryAgainTo }: PaymentFailedProps) {
  return (
    <StatusCard
      title="Payment Failed!"
      tone="failure"
      actions={
        tryAgainTo ? (
          <Link to={tryAgainTo} className="btn-secondary">
            Try again
          </Link>
        ) : (
          ordersLink
        )
      }
    >
      <p>We were unable to process your payment. Please try again or contact support.</p>
      {!tryAgainTo && <p>This order can no longer be paid. Your cart is kept: you can place the order again.</p>}
    </StatusCard>
  );
}
