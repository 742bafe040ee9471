import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { Route } from './+types/route';
import type { Order } from '../../../core/order';
import { useSession } from '../../auth/session';
import { Spinner } from '../../components/Spinner';
import { pageMeta } from '../../lib/meta';
import { getOrder } from '../../orders/api';
// The account's helper, not the sign-in one: that module would bring the form validation (zod) to this page.
import { errorMessage } from '../profile/account';
import { OrderPlaced, PaymentFailed, PaymentPending, PaymentSuccessful } from './outcomes';
import { StatusCard } from './StatusCard';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    matches,
    title: 'Payment status',
    description: 'Whether your order and its payment went through.',
    path: '/payment/status',
  }),
  { name: 'robots', content: 'noindex' },
];

export default function PaymentStatus() {
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('orderId');
  // The result replaces the spinner in place; the live region reads it out.
  return (
    <div aria-live="polite">
      {!orderId ? (
        <StatusCard title="No data available" />
      ) : searchParams.get('paymentMethod') === 'cod' ? (
        <OrderPlaced orderId={orderId} />
      ) : (
        <FetchedStatus orderId={orderId} />
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
function FetchedStatus({ orderId }: { orderId: string }) {
  const { status } = useSession();
  const { pathname, search } = useLocation();
  const lookup = useOrder(orderId, status === 'signed-in');

  if (status === 'signed-out') {
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
