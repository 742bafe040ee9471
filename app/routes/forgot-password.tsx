import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/forgot-password';
import { forgotPasswordSchema } from '../../../core/validation';
import { requestPasswordReset } from '../../auth/actions';
import { EmailField } from '../../components/form/Field';
import { toast } from '../../lib/toast';
import { pageMeta } from '../../lib/meta';
import { AuthCard, FormAlert, SubmitButton, errorMessage, linkClass, useFieldErrors } from './AuthCard';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Forgot password',
    description: 'Forgot your password? Enter your e-mail address and we will send you a link to set a new one.',
    path: '/forgot-password',
  });

export default function ForgotPassword() {
  const { errors, validate, clearOnInput } = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const result = validate(forgotPasswordSchema, event.currentTarget);
    if (!result.success) return;
    setBusy(true);
    try {
      await requestPasswordReset(result.data.email);
      toast.success('Password reset link sent successfully');
      setSent(true);
    } catch (error) {
      const message = errorMessage(error, 'Failed to send reset link');
      toast.error(message);
      setFormError(message);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <AuthCard title="Check your e-mail">
        <p role="status" className="text-stone-700">
          If an account exists for the address, you will receive a password reset link to your email shortly.
        </p>
        <p className="mt-6 text-sm">
          <Link to="/signin" className={linkClass}>
            Back to sign in
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot password"
      intro="Enter your e-mail address and we will send you a link to reset your password."
    >
      <form noValidate onSubmit={submit} onInput={clearOnInput} className="space-y-5">
        <EmailField label="Email" name="email" required error={errors.email} />
        <FormAlert message={formError} />
        <SubmitButton busy={busy} busyLabel="Sending…">
          Send reset link
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-stone-700">
        Remembered it?{' '}
        <Link to="/signin" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
