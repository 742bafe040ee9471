import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/verify-email';
import { forgotPasswordSchema } from '../../../core/validation';
import { resendVerification } from '../../auth/actions';
import { useSession } from '../../auth/session';
import { EmailField } from '../../components/form/Field';
import { toast } from '../../lib/toast';
import { pageMeta } from '../../lib/meta';
import { AuthCard, GENERIC_ERROR, SubmitButton, errorMessage, linkClass, useFieldErrors } from './AuthCard';

/** Seconds the resend button rests after a link was sent. */
const RESEND_COOLDOWN_S = 30;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    matches,
    title: 'Verify your e-mail',
    description: 'Confirm your e-mail address with the link we sent you, or ask for a new one.',
    path: '/verify-email',
  }),
  { name: 'robots', content: 'noindex' },
];

export default function VerifyEmail() {
  const { user } = useSession();

  if (user?.emailVerified) {
    return (
      <AuthCard
        title="Your e-mail is verified"
        intro={
          <>
            <strong className="font-semibold text-ink">{user.email}</strong> is already verified. You are all set.
          </>
        }
      >
        <Link to="/shop" className="btn-primary w-full">
          Continue shopping
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Verify your e-mail"
      intro={
        <>
          We have sent a verification link to{' '}
          {user?.email ? <strong className="font-semibold text-ink">{user.email}</strong> : 'your e-mail address'}. Open
          it to confirm your address.
        </>
      }
    >
      <ResendForm />
      <p className="mt-6 text-sm text-stone-700">
        Nothing after a few minutes? Check your spam folder, or{' '}
        <Link to="/contact-us" className={linkClass}>
          Contact us
        </Link>
        .
      </p>
    </AuthCard>
  );
}

/** Sends the link again: to the signed-in user, or to an address a signed-out visitor types in. */
function ResendForm() {
  const { status, user } = useSession();
  const { errors, validate, clearOnInput } = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [cooldown, setCooldown] = useState(0);
  const askForEmail = status === 'signed-out';

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let email = user?.email;
    if (askForEmail) {
      const result = validate(forgotPasswordSchema, event.currentTarget);
      if (!result.success) return;
      email = result.data.email;
    }
    setBusy(true);
    try {
      const { message } = await resendVerification(email);
      toast.success(message);
      setCooldown(RESEND_COOLDOWN_S);
    } catch (error) {
      toast.error(errorMessage(error, GENERIC_ERROR));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} onInput={clearOnInput} className="space-y-4">
      {askForEmail && <EmailField label="Email" name="email" required error={errors.email} />}
      <SubmitButton busy={busy} busyLabel="Sending…" disabled={status === 'loading' || cooldown > 0}>
        Resend verification email
      </SubmitButton>
      {cooldown > 0 && (
        <p className="text-center text-sm text-stone-600">You can ask for another link in {cooldown} s.</p>
      )}
    </form>
  );
}
