import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Order } from '../../core/order';
import { Spinner } from '../components/Spinner';
import { errorMessage } from '../lib/http';
import { getOrder } from './api';
import { OrderPlaced, PaymentFailed, PaymentPending, PaymentSuccessful } from './payment-outcomes';
import { StatusCard } from './StatusCard';

interface PaymentStatusProps {
  orderId: string | null;
  /** Cash on delivery, as the checkout said in the query: nothing to look up. */
  cashOnDelivery: boolean;
  /** The shopper's session: only the account that placed an order may look it up. */
  sessionStatus: 'loading' | 'signed-out' | 'signed-in';
}

/** Whether the order and its payment went through (spec section 2). */
export function PaymentStatus({ orderId, cashOnDelivery, sessionStatus }: PaymentStatusProps) {
  // The result replaces the spinner in place; the live region reads it out.
  return (
    <div aria-live="polite">
      {!orderId ? (
        <StatusCard title="No data available" />
      ) : cashOnDelivery ? (
        <OrderPlaced orderId={orderId} />
      ) : (
        <FetchedStatus orderId={orderId} sessionStatus={sessionStatus} />
      )}
    </div>
  );
}

type Lookup = { orderId: string } & ({ order: Order } | { error: string });

/** The order, fetched once the session is known; null while it loads. */
function useOrder(orderId: string, signedIn: boolean): Lookup | null {
  const [lookup, setLookup] = useState<Lookup | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let active = true;
    getOrder(orderId).then(
      ({ order }) => active && setLookup({ orderId, order }),
      (error: unknown) => active && setLookup({ orderId, error: errorMessage(error) }),
    );
    return () => {
      active = false;
    };
  }, [orderId, signedIn]);
  return lookup?.orderId === orderId ? lookup : null;
}

/** Any other payment: the order tells whether it was paid (spec section 2). */
function FetchedStatus({
  orderId,
  sessionStatus,
}: {
  orderId: string;
  sessionStatus: PaymentStatusProps['sessionStatus'];
}) {
  const { pathname, search } = useLocation();
  const lookup = useOrder(orderId, sessionStatus === 'signed-in');

  if (sessionStatus === 'signed-out') {
    return (
      <StatusCard title="Sign in to see your order">
        <p>Your order&apos;s payment status is shown to the account that placed it.</p>
        <Link
          to={`/signin?redirectTo=${encodeURIComponent(pathname + search)}`}
          className="btn-secondary mx-auto w-fit"
        >
          Sign in
        </Link>
      </StatusCard>
    );
  }
  if (!lookup) return <Spinner label="Checking your payment" />;
  if ('error' in lookup) return <StatusCard title={`Error: ${lookup.error}`} tone="failure" />;

  const { order } = lookup;
  if (order.isPaid) return <PaymentSuccessful orderId={order.orderId} />;
  // A cash-on-delivery order opened without its query flag is still simply placed.
  if (order.paymentMethod === 'cod' && order.orderStatus !== 'cancelled')
    return <OrderPlaced orderId={order.orderId} />;
  if (order.paymentStatus === 'pending') return <PaymentPending orderId={order.orderId} />;
  return <PaymentFailed />;
}
