/**
 * The forms that move an order: its next status (with the shipment when it ships), cancelling it, and retrying a
 * refund the gateway failed. Each posts to the order page's action (routes/admin/order.tsx).
 */
import { ADMIN_STATUS_MOVES, type AdminOrder } from '../../core/contracts/admin-orders';
import { NEXT_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '../../core/order';
import { Field, TextAreaField } from '../components/form/Field';
import { SubmitButton } from '../components/form/SubmitButton';
import { Form } from 'react-router';
import { ChangeFields, useChangeForm } from './change-form';

type AdminStatusMove = (typeof ADMIN_STATUS_MOVES)[number];

/** The order page's forms, by the intent each sends. */
export const ORDER_INTENTS = {
  status: 'status',
  cancel: 'cancel',
  retryRefund: 'retry-refund',
  shipment: 'shipment',
} as const;

/** The status an admin may move the order to next, if any (cancelling is its own form). */
export function nextAdminStatus(status: OrderStatus): AdminStatusMove | null {
  const isMove = (candidate: OrderStatus): candidate is AdminStatusMove =>
    (ADMIN_STATUS_MOVES as readonly OrderStatus[]).includes(candidate);
  return NEXT_STATUSES[status].find(isMove) ?? null;
}

export const canBeCancelled = (status: OrderStatus) => NEXT_STATUSES[status].includes('cancelled');

/** The toast once the order moved to `status`. */
export const statusMoved = (status: AdminStatusMove) => `Order marked ${ORDER_STATUS_LABELS[status].toLowerCase()}`;

/** The toast once the order is cancelled: a paid prepaid order's refund starts with it. */
export const cancelled = ({ paymentMethod, paymentState }: Pick<AdminOrder, 'paymentMethod' | 'paymentState'>) =>
  paymentMethod === 'prepaid' && paymentState.startsWith('refund')
    ? 'Order cancelled; its refund has started'
    : 'Order cancelled';

export const REFUND_RETRIED = 'Refund started again';

interface ActionProps {
  order: AdminOrder;
}

/** Moves the order to `next`; shipping asks for the courier and tracking, which the shopper then sees. */
export function StatusForm({ next }: ActionProps & { next: AdminStatusMove }) {
  const { busy } = useChangeForm(ORDER_INTENTS.status);
  return (
    <Form method="post" noValidate className="space-y-3" aria-labelledby="next-status-heading">
      <ChangeFields form={ORDER_INTENTS.status} intent={ORDER_INTENTS.status} />
      <input type="hidden" name="status" value={next} />
      <h2 id="next-status-heading" className="text-lg font-semibold">
        Next: {ORDER_STATUS_LABELS[next]}
      </h2>
      {next === 'shipped' && (
        <>
          <Field label="Courier name" name="courier" required />
          <Field label="Tracking number" name="trackingNumber" required />
          <Field label="Tracking link (https://)" name="trackingUrl" type="url" inputMode="url" required />
        </>
      )}
      <SubmitButton busy={busy} busyLabel="Saving...">
        {`Mark ${ORDER_STATUS_LABELS[next].toLowerCase()}`}
      </SubmitButton>
    </Form>
  );
}

/** How a form of one reason reads. */
interface ReasonAction {
  intent: (typeof ORDER_INTENTS)['cancel' | 'retryRefund'];
  /** The heading's id, for the form's accessible name. */
  id: string;
  title: string;
  note?: string;
  label: string;
  submitLabel: string;
  busyLabel: string;
}

/** A change of the order that needs only the admin's reason (kept in the audit log): cancelling, retrying a refund. */
function ReasonForm({ action }: { action: ReasonAction }) {
  const { busy } = useChangeForm(action.intent);
  return (
    <Form method="post" noValidate className="space-y-3" aria-labelledby={action.id}>
      <ChangeFields form={action.intent} intent={action.intent} />
      <h2 id={action.id} className="text-lg font-semibold">
        {action.title}
      </h2>
      {action.note && <p className="text-sm text-stone-700">{action.note}</p>}
      <TextAreaField label={action.label} name="reason" required rows={2} />
      <SubmitButton busy={busy} busyLabel={action.busyLabel}>
        {action.submitLabel}
      </SubmitButton>
    </Form>
  );
}

/** Cancels the order with a reason; a paid prepaid order is refunded in full. */
export function CancelForm({ order: { paymentMethod, paymentState } }: ActionProps) {
  const refunds = paymentMethod === 'prepaid' && paymentState === 'paid';
  const action: ReasonAction = {
    intent: ORDER_INTENTS.cancel,
    id: 'cancel-heading',
    title: 'Cancel this order',
    note: refunds ? 'It was paid online: cancelling refunds the shopper in full.' : undefined,
    label: 'Reason for cancelling',
    submitLabel: 'Cancel order',
    busyLabel: 'Cancelling...',
  };
  return <ReasonForm action={action} />;
}

/** Whether the order's refund failed at the gateway, so an admin may send it again. */
export const refundFailed = (order: AdminOrder) => order.paymentState === 'refund_failed';

const retryRefund: ReasonAction = {
  intent: ORDER_INTENTS.retryRefund,
  id: 'retry-refund-heading',
  title: 'Retry the refund',
  note: 'The payment service failed this refund: retrying sends a new one, and the shopper is told again.',
  label: 'Reason for retrying',
  submitLabel: 'Retry refund',
  busyLabel: 'Retrying...',
};

/** Sends a refund the gateway failed again, with the admin's reason. */
export function RetryRefundForm() {
  return <ReasonForm action={retryRefund} />;
}

/** Statuses an order may be shipped through Shiprocket from (the API says so too, with 409). */
export const canCreateShipment = (status: OrderStatus) => status === 'confirmed' || status === 'packed';

/** Whether the order was shipped through Shiprocket (its tracking link is Shiprocket's), so it has a label. */
export const shippedThroughShiprocket = (order: AdminOrder) =>
  order.shipment?.trackingUrl.startsWith('https://shiprocket.co/tracking/') ?? false;

/** The toast once Shiprocket took the parcel. */
export const shipmentCreated = ({ shipment }: AdminOrder) =>
  shipment ? `Shipped with ${shipment.courier}, AWB ${shipment.trackingNumber}` : 'Order shipped';

/** Ships the order through Shiprocket: created, AWB, pickup, then packed and shipped; the parcel's size optional. */
export function ShipmentForm() {
  const { busy, reply } = useChangeForm(ORDER_INTENTS.shipment);
  const errors = reply?.errors ?? {};
  return (
    <Form method="post" noValidate className="space-y-3" aria-labelledby="shipment-heading">
      <ChangeFields form={ORDER_INTENTS.shipment} intent={ORDER_INTENTS.shipment} />
      <h2 id="shipment-heading" className="text-lg font-semibold">
        Ship through Shiprocket
      </h2>
      <p className="text-sm text-stone-700">
        Shiprocket assigns the courier and AWB and schedules the pickup; the shopper is mailed the tracking link. Leave
        the parcel&apos;s size blank to use the items&apos; own.
      </p>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Weight (kg)" name="weightKg" inputMode="decimal" error={errors.weightKg} />
        <Field label="Length (cm)" name="lengthCm" inputMode="decimal" error={errors.lengthCm} />
        <Field label="Breadth (cm)" name="breadthCm" inputMode="decimal" error={errors.breadthCm} />
        <Field label="Height (cm)" name="heightCm" inputMode="decimal" error={errors.heightCm} />
      </div>
      <SubmitButton busy={busy} busyLabel="Creating shipment...">
        Create shipment
      </SubmitButton>
    </Form>
  );
}
