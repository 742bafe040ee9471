import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '../../core/contracts/account';
import { AuthCard } from '../components/AuthCard';
import { EmailField } from '../components/form/Field';
import { SubmitButton } from '../components/form/SubmitButton';
import { linkClass } from '../components/link-styles';
import { useForm } from '../lib/form';
import { toast } from '../lib/toast';
import { resendVerification } from './actions';
import { useSession } from './session-store';

/** Seconds the resend button rests after a link was sent. */
const RESEND_COOLDOWN_S = 30;

/** After sign-up: where the link went, and a way to have it sent again. */
export function VerifyEmail() {
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
  const form = useForm(forgotPasswordSchema, { onFailure: toast.error });
  const [cooldown, setCooldown] = useState(0);
  const askForEmail = status === 'signed-out';

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  async function resend(email: string | undefined) {
    const { message } = await resendVerification(email);
    toast.success(message);
    setCooldown(RESEND_COOLDOWN_S);
  }

  // Signed in, the link goes to the account's address: there is nothing to type or check.
  const submit = askForEmail
    ? form.handleSubmit(({ email }) => resend(email))
    : (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void form.run(() => resend(user?.email));
      };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {askForEmail && <EmailField label="Email" required {...form.field('email')} />}
      <SubmitButton busy={form.busy} busyLabel="Sending…" disabled={status === 'loading' || cooldown > 0}>
        Resend verification email
      </SubmitButton>
      {cooldown > 0 && (
        <p className="text-center text-sm text-stone-600">You can ask for another link in {cooldown} s.</p>
      )}
    </form>
  );
}
