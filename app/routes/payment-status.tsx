import { useSearchParams } from 'react-router';
import type { Route } from './+types/payment-status';
import { pageMeta } from '../lib/meta';
import { PaymentStatus } from '../orders/PaymentStatus';
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
    />
  );
}
