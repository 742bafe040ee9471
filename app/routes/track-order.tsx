import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/route';
import type { TrackedOrder } from '../../../core/order';
import { trackOrderSchema } from '../../../core/validation';
import { ApiError } from '../../auth/api';
import { useSession } from '../../auth/session';
import { trackOrder } from '../../orders/api';
import { EmailField, Field } from '../../components/form/Field';
import { pageMeta } from '../../lib/meta';
import { FormAlert, SubmitButton, linkClass, useFieldErrors } from '../auth/AuthCard';
import { TrackedOrderView } from './TrackedOrderView';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Track your order',
    description:
      'See where your order is, from placed to delivered: enter your order id and the e-mail address you ordered with.',
    path: '/track-your-order',
  });

/** Spec section 8's words for any failure the server does not explain. */
const TRACK_FAILED = 'Something went Wrong';

/** No match (the same for a wrong id or a wrong e-mail) and too many tries have the server's words. */
const failureMessage = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 429) ? error.message : TRACK_FAILED;

export default function TrackOrderPage() {
  const [searchParams] = useSearchParams();
  const { status, user } = useSession();
  const [orderId, setOrderId] = useState(searchParams.get('orderId') ?? '');
  // null until the shopper types: meanwhile a signed-in shopper's e-mail fills the field once the session is known.
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const { errors, validate, clearOnInput } = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [tracked, setTracked] = useState<TrackedOrder | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const result = validate(trackOrderSchema, event.currentTarget);
    if (!result.success) return;
    setBusy(true);
    setTracked(null);
    try {
      setTracked((await trackOrder(result.data)).order);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-semibold md:text-3xl">Track your order</h1>
      <p className="mt-2 text-stone-600">
        Enter the order id from your confirmation e-mail and the e-mail address you placed the order with.
      </p>
      {status === 'signed-in' && (
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
        onInput={clearOnInput}
        className="mt-6 grid gap-5 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:grid-cols-2 sm:p-8"
      >
        <Field
          label="Order Id"
          name="orderId"
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={orderId}
          onChange={(event) => setOrderId(event.target.value)}
          error={errors.orderId}
        />
        <EmailField
          label="Email Address"
          name="email"
          required
          value={typedEmail ?? user?.email ?? ''}
          onChange={(event) => setTypedEmail(event.target.value)}
          error={errors.email}
        />
        <div className="space-y-4 sm:col-span-2">
          <FormAlert message={failure} />
          <SubmitButton busy={busy} busyLabel="Tracking...">
            Track Order
          </SubmitButton>
        </div>
      </form>
      {tracked && <TrackedOrderView order={tracked} />}
    </section>
  );
}
