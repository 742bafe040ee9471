import type { Route } from './+types/orders';
import { adminOrdersEndpoint } from '../../../core/contracts/admin-orders';
import { adminBulkShipmentEndpoint, adminShippingSetupEndpoint } from '../../../core/contracts/admin-shipping';
import { change, read, searchInput, unknownForm } from '../../admin/api.server';
import { FORM_FIELD } from '../../admin/change-form';
import { ORDER_FILTERS } from '../../admin/order-list';
import { MANIFEST_PARAM, Orders, SHIP_ORDERS_FORM, shipmentsSummary } from '../../admin/Orders';
import { AdminPageError } from '../../admin/ui';
import { adminMeta } from '../../admin/viewer';

/** /admin/orders: a page of orders by the address's filters (the server checks them). */
export async function loader(args: Route.LoaderArgs) {
  const [list, shipping] = await Promise.all([
    read(args, adminOrdersEndpoint, { query: searchInput(args.request, [...ORDER_FILTERS, 'offset']) }),
    read(args, adminShippingSetupEndpoint),
  ]);
  return { list, throughShiprocket: shipping.courier === 'shiprocket' };
}

/** The checked orders shipped through Shiprocket; the page comes back naming the manifest of those shipped. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  if (form.get(FORM_FIELD) !== SHIP_ORDERS_FORM) return unknownForm(form);
  const orderIds = form.getAll('orderIds').filter((value): value is string => typeof value === 'string');
  const here = new URL(args.request.url);
  return change({ ...args, form }, adminBulkShipmentEndpoint, {
    body: { orderIds },
    done: shipmentsSummary,
    next: ({ manifestId }) => {
      if (manifestId) here.searchParams.set(MANIFEST_PARAM, manifestId);
      else here.searchParams.delete(MANIFEST_PARAM);
      return `${here.pathname}${here.search}`;
    },
  });
}

export const meta: Route.MetaFunction = () => adminMeta('Orders');

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  return <Orders list={loaderData.list} throughShiprocket={loaderData.throughShiprocket} />;
}

export const ErrorBoundary = () => <AdminPageError title="Orders" />;
