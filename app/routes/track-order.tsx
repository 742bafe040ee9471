import { useSearchParams } from 'react-router';
import type { Route } from './+types/track-order';
import { pageMeta } from '../lib/meta';
import { TrackOrder } from '../orders/TrackOrder';
import { useSession } from '../session/session-store';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Track your order',
    description:
      'See where your order is, from placed to delivered: enter your order id and the e-mail address you ordered with.',
    path: '/track-your-order',
  });

export default function TrackOrderPage() {
  const [searchParams] = useSearchParams();
  const { status, user } = useSession();
  return (
    <TrackOrder
      initialOrderId={searchParams.get('orderId') ?? ''}
      signedIn={status === 'signed-in'}
      accountEmail={user?.email ?? null}
    />
  );
}
