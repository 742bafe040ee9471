import type { Route } from './+types/orders';
import { adminOrdersEndpoint } from '../../../core/contracts/admin-orders';
import { read, searchInput } from '../../admin/api.server';
import { ORDER_FILTERS } from '../../admin/order-list';
import { Orders } from '../../admin/Orders';
import { AdminPageError } from '../../admin/ui';
import { adminMeta } from '../../admin/viewer';

/** /admin/orders: a page of orders by the address's filters (the server checks them). */
export const loader = (args: Route.LoaderArgs) =>
  read(args, adminOrdersEndpoint, { query: searchInput(args.request, [...ORDER_FILTERS, 'offset']) });

export const meta: Route.MetaFunction = () => adminMeta('Orders');

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  return <Orders list={loaderData} />;
}

export const ErrorBoundary = () => <AdminPageError title="Orders" />;
