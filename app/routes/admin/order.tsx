import { useParams } from 'react-router';
import type { Route } from './+types/order';
import { adminOrderEndpoint } from '../../../core/contracts/admin-orders';
import { shortOrderId } from '../../../core/order';
import { pageParam, read } from '../../admin/api.server';
import { OrderDetail } from '../../admin/OrderDetail';
import { AdminPageError } from '../../admin/ui';
import { adminMeta } from '../../admin/viewer';

/** /admin/orders/:orderId: one order in full (an id of another shape is no page). */
export const loader = async (args: Route.LoaderArgs) =>
  read(args, adminOrderEndpoint, { params: { orderId: pageParam(args.params.orderId, /^[0-9A-Za-z]{1,64}$/) } });

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Order ${params.orderId}`);

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  return <OrderDetail detail={loaderData} />;
}

export function ErrorBoundary() {
  const { orderId = '' } = useParams();
  return <AdminPageError title={`Order ${shortOrderId(orderId)}`} />;
}
