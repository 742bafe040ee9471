import { useState } from 'react';
import { Link } from 'react-router';
import type { TrackedOrder } from '../../core/order';
import { trackOrderSchema } from '../../core/contracts/orders';
import { EmailField, Field } from '../components/form/Field';
import { FormAlert } from '../components/form/FormAlert';
import { SubmitButton } from '../components/form/SubmitButton';
import { linkClass } from '../components/link-styles';
import { useForm } from '../lib/form';
import { ApiError } from '../lib/http';
import { trackOrder } from './api';
import { TrackedOrderView } from './TrackedOrderView';

/** Spec section 8's words for any failure the server does not explain. */
const TRACK_FAILED = 'Something went Wrong';

/** No match (the same for a wrong id or a wrong e-mail) and too many tries have the server's words. */
const failureMessage = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 429) ? error.message : TRACK_FAILED;

interface TrackOrderProps {
  /** From the link in the order mail, if any. */
  initialOrderId: string;
  signedIn: boolean;
  /** A signed-in shopper's e-mail fills the field, until they type their own. */
  accountEmail: string | null;
}

/** /track-your-order: the order id and the e-mail it was placed with give its status and timeline. */
export function TrackOrder({ initialOrderId, signedIn, accountEmail }: TrackOrderProps) {
  const form = useForm(trackOrderSchema, {
    initialValues: { orderId: initialOrderId, email: accountEmail ?? '' },
    failureMessage,
  });
  const [tracked, setTracked] = useState<TrackedOrder | null>(null);
  // The session is known only after the page has loaded: its e-mail fills the field then, unless typed over.
  if (accountEmail && !form.touched.email && form.values.email !== accountEmail) form.setValue('email', accountEmail);

  const submit = form.handleSubmit(async (data) => {
    setTracked(null);
    setTracked((await trackOrder(data)).order);
  });

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-semibold md:text-3xl">Track your order</h1>
      <p className="mt-2 text-stone-600">
        Enter the order id from your confirmation e-mail and the e-mail address you placed the order with.
      </p>
      {signedIn && (
        <p className="mt-2 text-sm text-stone-600">
          All your orders are also in{' '}
          <Link to="/profile/orders" className={linkClass}>
            your account
          </Link>
          .
        </p>
      )}
      <form
        noValidate
        onSubmit={submit}
        className="mt-6 grid gap-5 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:grid-cols-2 sm:p-8"
      >
        <Field
          label="Order Id"
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...form.field('orderId')}
        />
        <EmailField label="Email Address" required {...form.field('email')} />
        <div className="space-y-4 sm:col-span-2">
          <FormAlert message={form.formError} />
          <SubmitButton busy={form.busy} busyLabel="Tracking...">
            Track Order
          </SubmitButton>
        </div>
      </form>
      {tracked && <TrackedOrderView order={tracked} />}
    </section>
  );
}
