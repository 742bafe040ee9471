/** The forms that move an order: its next status (with the shipment when it ships), and cancelling it. */
import {
  ADMIN_STATUS_MOVES,
  adminCancelOrderEndpoint,
  adminCancelSchema,
  adminOrderStatusEndpoint,
  adminStatusChangeSchema,
  type AdminOrder,
} from '../../core/contracts/admin-orders';
import { NEXT_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '../../core/order';
import { Field, TextAreaField } from '../components/form/Field';
import { SubmitButton } from '../components/form/SubmitButton';
import { useForm } from '../lib/form';
import { toast } from '../lib/toast';
import { change } from './api';
import { useAdminViewer } from './viewer';

type AdminStatusMove = (typeof ADMIN_STATUS_MOVES)[number];

const toastOnly = { onFailure: toast.error, onInvalid: toast.error };
const NO_SHIPMENT = { courier: '', trackingNumber: '', trackingUrl: '' };

/** The status an admin may move the order to next, if any (cancelling is its own form). */
export function nextAdminStatus(status: OrderStatus): AdminStatusMove | null {
  const isMove = (candidate: OrderStatus): candidate is AdminStatusMove =>
    (ADMIN_STATUS_MOVES as readonly OrderStatus[]).includes(candidate);
  return NEXT_STATUSES[status].find(isMove) ?? null;
}

export const canBeCancelled = (status: OrderStatus) => NEXT_STATUSES[status].includes('cancelled');

interface ActionProps {
  order: AdminOrder;
  /** Reads the order again: the change added to its timeline, payments and audit entries. */
  onChanged: () => void;
}

/** Moves the order to `next`; shipping asks for the courier and tracking, which the shopper then sees. */
export function StatusForm({ order, next, onChanged }: ActionProps & { next: AdminStatusMove }) {
  const { csrfToken } = useAdminViewer();
  const form = useForm(adminStatusChangeSchema, { ...toastOnly, initialValues: { status: next, ...NO_SHIPMENT } });
  const submit = form.handleSubmit(async (body) => {
    await change(csrfToken, adminOrderStatusEndpoint, { params: { orderId: order.orderId }, body });
    toast.success(`Order marked ${ORDER_STATUS_LABELS[next].toLowerCase()}`);
    onChanged();
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-labelledby="next-status-heading">
      <h2 id="next-status-heading" className="text-lg font-semibold">
        Next: {ORDER_STATUS_LABELS[next]}
      </h2>
      {next === 'shipped' && (
        <>
          <Field label="Courier name" required {...form.field('courier')} />
          <Field label="Tracking number" required {...form.field('trackingNumber')} />
          <Field label="Tracking link (https://)" type="url" inputMode="url" required {...form.field('trackingUrl')} />
        </>
      )}
      <SubmitButton busy={form.busy} busyLabel="Saving...">
        {`Mark ${ORDER_STATUS_LABELS[next].toLowerCase()}`}
      </SubmitButton>
    </form>
  );
}

/** Cancels the order with a reason; a paid prepaid order is refunded in full. */
export function CancelForm({ order, onChanged }: ActionProps) {
  const { csrfToken } = useAdminViewer();
  const form = useForm(adminCancelSchema, toastOnly);
  const refunds = order.paymentMethod === 'prepaid' && order.paymentState === 'paid';
  const submit = form.handleSubmit(async (body) => {
    await change(csrfToken, adminCancelOrderEndpoint, { params: { orderId: order.orderId }, body });
    toast.success(refunds ? 'Order cancelled; its refund has started' : 'Order cancelled');
    onChanged();
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading" className="text-lg font-semibold">
        Cancel this order
      </h2>
      {refunds && <p className="text-sm text-stone-700">It was paid online: cancelling refunds the shopper in full.</p>}
      <TextAreaField label="Reason for cancelling" required rows={2} {...form.field('reason')} />
      <SubmitButton busy={form.busy} busyLabel="Cancelling...">
        Cancel order
      </SubmitButton>
    </form>
  );
}
