/**
 * The forms that move an order: its next status (with the shipment when it ships), cancelling it, and retrying a
 * refund the gateway failed.
 */
import {
  ADMIN_STATUS_MOVES,
  adminCancelOrderEndpoint,
  adminCancelSchema,
  adminOrderStatusEndpoint,
  adminRefundRetrySchema,
  adminRetryRefundEndpoint,
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

/** What a form of one reason does: where it sends it, and how it reads. */
interface ReasonAction {
  endpoint: typeof adminCancelOrderEndpoint | typeof adminRetryRefundEndpoint;
  schema: typeof adminCancelSchema;
  /** The heading's id, for the form's accessible name. */
  id: string;
  title: string;
  note?: string;
  label: string;
  submitLabel: string;
  busyLabel: string;
  /** The toast once it is done. */
  done: string;
}

/** A change of the order that needs only the admin's reason (kept in the audit log): cancelling, retrying a refund. */
function ReasonForm({ order, onChanged, action }: ActionProps & { action: ReasonAction }) {
  const { csrfToken } = useAdminViewer();
  const form = useForm(action.schema, toastOnly);
  const submit = form.handleSubmit(async (body) => {
    await change(csrfToken, action.endpoint, { params: { orderId: order.orderId }, body });
    toast.success(action.done);
    onChanged();
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-labelledby={action.id}>
      <h2 id={action.id} className="text-lg font-semibold">
        {action.title}
      </h2>
      {action.note && <p className="text-sm text-stone-700">{action.note}</p>}
      <TextAreaField label={action.label} required rows={2} {...form.field('reason')} />
      <SubmitButton busy={form.busy} busyLabel={action.busyLabel}>
        {action.submitLabel}
      </SubmitButton>
    </form>
  );
}

/** Cancels the order with a reason; a paid prepaid order is refunded in full. */
export function CancelForm(props: ActionProps) {
  const { paymentMethod, paymentState } = props.order;
  const refunds = paymentMethod === 'prepaid' && paymentState === 'paid';
  const action: ReasonAction = {
    endpoint: adminCancelOrderEndpoint,
    schema: adminCancelSchema,
    id: 'cancel-heading',
    title: 'Cancel this order',
    note: refunds ? 'It was paid online: cancelling refunds the shopper in full.' : undefined,
    label: 'Reason for cancelling',
    submitLabel: 'Cancel order',
    busyLabel: 'Cancelling...',
    done: refunds ? 'Order cancelled; its refund has started' : 'Order cancelled',
  };
  return <ReasonForm {...props} action={action} />;
}

/** Whether the order's refund failed at the gateway, so an admin may send it again. */
export const refundFailed = (order: AdminOrder) => order.paymentState === 'refund_failed';

const retryRefund: ReasonAction = {
  endpoint: adminRetryRefundEndpoint,
  schema: adminRefundRetrySchema,
  id: 'retry-refund-heading',
  title: 'Retry the refund',
  note: 'The payment service failed this refund: retrying sends a new one, and the shopper is told again.',
  label: 'Reason for retrying',
  submitLabel: 'Retry refund',
  busyLabel: 'Retrying...',
  done: 'Refund started again',
};

/** Sends a refund the gateway failed again, with the admin's reason. */
export function RetryRefundForm(props: ActionProps) {
  return <ReasonForm {...props} action={retryRefund} />;
}
