import { useParams } from 'react-router';
import type { Route } from './+types/order';
import {
  adminCancelOrderEndpoint,
  adminCancelSchema,
  adminOrderEndpoint,
  adminOrderStatusEndpoint,
  adminRefundRetrySchema,
  adminRetryRefundEndpoint,
  adminStatusChangeSchema,
  type AdminStatusChange,
} from '../../../core/contracts/admin-orders';
import {
  adminCreateShipmentEndpoint,
  adminShippingSetupEndpoint,
  shipmentParcelSchema,
} from '../../../core/contracts/admin-shipping';
import { shortOrderId } from '../../../core/order';
import { bodyOf, change, pageParam, read, unknownForm } from '../../admin/api.server';
import { INTENT } from '../../admin/change-form';
import { ORDER_INTENTS, REFUND_RETRIED, cancelled, shipmentCreated, statusMoved } from '../../admin/OrderActions';
import { OrderDetail } from '../../admin/OrderDetail';
import { AdminPageError } from '../../admin/ui';
import { adminMeta } from '../../admin/viewer';

const ORDER_ID = /^[0-9A-Za-z]{1,64}$/;

/** /admin/orders/:orderId: one order in full (an id of another shape is no page). */
export async function loader(args: Route.LoaderArgs) {
  const params = { orderId: pageParam(args.params.orderId, ORDER_ID) };
  const [detail, shipping] = await Promise.all([
    read(args, adminOrderEndpoint, { params }),
    read(args, adminShippingSetupEndpoint),
  ]);
  return { ...detail, throughShiprocket: shipping.courier === 'shiprocket' };
}

/** The order's forms: its next status, shipping it through Shiprocket, cancelling it, retrying its refund. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const params = { orderId: pageParam(args.params.orderId, ORDER_ID) };
  const submitted = { ...args, form };
  switch (form.get(INTENT)) {
    case ORDER_INTENTS.status: {
      const body = bodyOf(adminStatusChangeSchema, form);
      const done = () => statusMoved(body.status as AdminStatusChange['status']);
      return change(submitted, adminOrderStatusEndpoint, { params, body, done });
    }
    case ORDER_INTENTS.shipment:
      return change(submitted, adminCreateShipmentEndpoint, {
        params,
        body: bodyOf(shipmentParcelSchema, form),
        done: ({ order }) => shipmentCreated(order),
      });
    case ORDER_INTENTS.cancel:
      return change(submitted, adminCancelOrderEndpoint, {
        params,
        body: bodyOf(adminCancelSchema, form),
        done: ({ order }) => cancelled(order),
      });
    case ORDER_INTENTS.retryRefund:
      return change(submitted, adminRetryRefundEndpoint, {
        params,
        body: bodyOf(adminRefundRetrySchema, form),
        done: () => REFUND_RETRIED,
      });
    default:
      return unknownForm(form);
  }
}

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Order ${params.orderId}`);

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  return <OrderDetail detail={loaderData} throughShiprocket={loaderData.throughShiprocket} />;
}

export function ErrorBoundary() {
  const { orderId = '' } = useParams();
  return <AdminPageError title={`Order ${shortOrderId(orderId)}`} />;
}
