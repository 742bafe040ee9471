import { Link } from 'react-router';
import { createPaymentSchema, PAYMENT_MESSAGES } from '../../core/contracts/payments';
import { shortOrderId } from '../../core/order';
import { FormAlert } from '../components/form/FormAlert';
import { SubmitButton } from '../components/form/SubmitButton';
import { linkClass } from '../components/link-styles';
import { useForm } from '../lib/form';
import type { GatewaySettings } from '../lib/use-shop';
import { toast } from '../lib/toast';
import { payForOrder, type PaymentOutcome } from './prepaid-checkout';

interface PayForOrderProps {
  orderId: string;
  /** The gateway's script and pay page origins. */
  gateway: GatewaySettings;
  /** The pay page has closed: cancelled, or concluded (the status page tells how). */
  onClosed: (outcome: PaymentOutcome) => void;
}

/**
 * Checkout's "Pay for this order" (/checkout?payOrder=…): a new payment attempt for an order placed earlier whose
 * payment failed or was not finished, e.g. from the status page's Try again. The gateway's script loads here only.
 */
export function PayForOrder({ orderId, gateway, onClosed }: PayForOrderProps) {
  const form = useForm(createPaymentSchema, {
    initialValues: { orderId },
    failureMessage: PAYMENT_MESSAGES.checkoutFailed,
    onFailure: toast.error,
  });
  const submit = form.handleSubmit(async (input) => onClosed(await payForOrder(input.orderId, gateway)));

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="pay-for-order"
      className="mx-auto max-w-xl space-y-4 rounded-lg border border-stone-200 p-5 sm:p-6"
    >
      <h2 id="pay-for-order" className="text-lg font-semibold">
        Pay for this order
      </h2>
      <p className="text-stone-700">
        Your order <strong className="font-semibold text-ink">{shortOrderId(orderId)}</strong> is saved and awaits
        payment. A payment that failed was not charged: pay again below.
      </p>
      <FormAlert message={form.formError} />
      <SubmitButton busy={form.busy} busyLabel="Opening payment...">
        Pay now
      </SubmitButton>
      <p className="text-center text-sm">
        <Link to="/profile/orders" className={linkClass}>
          View your orders
        </Link>
      </p>
    </form>
  );
}
