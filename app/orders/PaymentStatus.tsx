import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Spinner } from '../components/Spinner';
import { OrderPlaced } from './payment-outcomes';
import { StatusCard } from './StatusCard';

interface PaymentStatusProps {
  orderId: string | null;
  /** Cash on delivery, as the checkout said in the query: nothing to look up. */
  cashOnDelivery: boolean;
  /** The shopper's session: only the account that placed an order may look it up. */
  sessionStatus: 'loading' | 'signed-out' | 'signed-in';
  /** A prepaid order's payment, once the shopper is known to be signed in: the route asks the payments side. */
  prepaidStatus: (orderId: string) => ReactNode;
}

/** Whether the order and its payment went through (spec section 2). */
export function PaymentStatus({ orderId, cashOnDelivery, sessionStatus, prepaidStatus }: PaymentStatusProps) {
  // The result replaces the spinner in place; the live region reads it out.
  return (
    <div aria-live="polite">
      {!orderId ? (
        <StatusCard title="No data available" />
      ) : cashOnDelivery ? (
        <OrderPlaced orderId={orderId} />
      ) : sessionStatus === 'signed-out' ? (
        <SignInToSee />
      ) : sessionStatus === 'signed-in' ? (
        prepaidStatus(orderId)
      ) : (
        <Spinner label="Checking your payment" />
      )}
    </div>
  );
}

function SignInToSee() {
  const { pathname, search } = useLocation();
  return (
    <StatusCard title="Sign in to see your order">
      <p>Your order&apos;s payment status is shown to the account that placed it.</p>
      <Link to={`/signin?redirectTo=${encodeURIComponent(pathname + search)}`} className="btn-secondary mx-auto w-fit">
        Sign in
      </Link>
    </StatusCard>
  );
}
