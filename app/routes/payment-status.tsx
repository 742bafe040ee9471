import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/payment-status';
import { PAYMENT_MESSAGES } from '../../core/contracts/payments';
import { cartEmptiedByServer } from '../cart/cart-store';
import { Spinner } from '../components/Spinner';
import { pageMeta } from '../lib/meta';
import { toast } from '../lib/toast';
import { useShop } from '../lib/use-shop';
import {
  OrderPlaced,
  PaymentFailed,
  PaymentPending,
  PaymentSuccessful,
  PaymentRefunded,
  PaymentUnderReview,
} from '../orders/payment-outcomes';
import { payOrderPath } from '../orders/order-display';
import { PaymentStatus } from '../orders/PaymentStatus';
import { StatusCard } from '../orders/StatusCard';
import { canRetry } from '../payments/status-polling';
import { forgetUnpaidOrder } from '../payments/unpaid-order';
import { usePaymentStatus } from '../payments/use-payment-status';
import { useSession } from '../session/session-store';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    matches,
    title: 'Payment status',
    description: 'Whether your order and its payment went through.',
    path: '/payment/status',
  }),
  { name: 'robots', content: 'noindex' },
];

export default function PaymentStatusRoute() {
  const [searchParams] = useSearchParams();
  const { status } = useSession();
  return (
    <PaymentStatus
      orderId={searchParams.get('orderId')}
      cashOnDelivery={searchParams.get('paymentMethod') === 'cod'}
      sessionStatus={status}
      prepaidStatus={(orderId) => <PrepaidStatus orderId={orderId} />}
    />
  );
}

/**
 * A prepaid order's payment, as the server has it from the gateway (`data.state`, spec section 2): COMPLETED
 * clears the cart and says so once in a toast (spec section 8), FAILED offers a new attempt while the order may
 * still be paid, PENDING waits a while.
 */
function PrepaidStatus({ orderId }: { orderId: string }) {
  const shop = useShop();
  const payment = usePaymentStatus(orderId, true);
  const completed = payment.view === 'completed';
  const toastedFor = useRef<string>(null); // one toast per order, however often the effect runs

  useEffect(() => {
    if (!completed) return;
    void cartEmptiedByServer(shop); // the server emptied it when the payment arrived
    forgetUnpaidOrder(orderId);
    if (toastedFor.current === orderId) return;
    toastedFor.current = orderId;
    toast.success(PAYMENT_MESSAGES.completed);
  }, [completed, orderId, shop]);

  switch (payment.view) {
    case 'checking':
      return <Spinner label="Checking your payment" />;
    case 'error':
      return <StatusCard title={`Error: ${payment.message}`} tone="failure" />;
    case 'completed':
      return <PaymentSuccessful orderId={orderId} />;
    case 'cash-on-delivery':
      return <OrderPlaced orderId={orderId} />;
    case 'review':
      return <PaymentUnderReview orderId={orderId} />;
    case 'refunded':
      return <PaymentRefunded orderId={orderId} />;
    case 'failed':
      return <PaymentFailed tryAgainTo={canRetry(payment.payment) ? payOrderPath(orderId) : undefined} />;
    default:
      return (
        <PaymentPending
          orderId={orderId}
          stillWaiting={payment.view === 'still-waiting'}
          onCheckAgain={payment.checkAgain}
        />
      );
  }
}
