import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/reset-password';
import { RESET_REDIRECT_MS } from '../../../core/constants';
import { firstError, resetPasswordSchema } from '../../../core/validation';
import { resetPassword } from '../../auth/actions';
import { PasswordField } from '../../components/form/Field';
import { toast } from '../../lib/toast';
import { pageMeta } from '../../lib/meta';
import { AuthCard, FormAlert, SubmitButton, errorMessage, linkClass, useFieldErrors } from './AuthCard';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta({
    matches,
    title: 'Set a new password',
    description: 'Choose a new password for your account.',
    path: location.pathname,
  }),
  // A single-use link: nothing here for search engines.
  { name: 'robots', content: 'noindex' },
];

const PASSWORD_HINT = 'Use 6 to 20 characters with at least one uppercase letter, one lowercase letter and one number.';

export default function ResetPassword({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { errors, validate, clearOnInput } = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/signin', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const result = validate(resetPasswordSchema, event.currentTarget);
    if (!result.success) {
      const message = firstError(result);
      if (message) toast.error(message);
      return;
    }
    setBusy(true);
    const processing = toast.loading('Processing Request...');
    try {
      const { message } = await resetPassword(params.tokenId, result.data.newPassword, result.data.confirmPassword);
      toast.success(message || 'Password reset successful');
      setDone(true);
    } catch (error) {
      const message = errorMessage(error, 'Failed to send reset link');
      toast.error(message);
      setFormError(message);
    } finally {
      void processing.then((id) => toast.dismiss(id));
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Set a new password" intro={done ? undefined : PASSWORD_HINT}>
      {done ? (
        <p role="status" className="text-stone-700">
          Password changed. Taking you to sign in…{' '}
          <Link to="/signin" replace className={linkClass}>
            Sign in now
          </Link>
        </p>
      ) : (
        <form noValidate onSubmit={submit} onInput={clearOnInput} className="space-y-5">
          <PasswordField
            label="New Password"
            name="newPassword"
            autoComplete="new-password"
            required
            error={errors.newPassword}
          />
          <PasswordField
            label="Confirm New Password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            error={errors.confirmPassword}
          />
          <FormAlert message={formError} />
          <SubmitButton busy={busy} busyLabel="Resetting...">
            Set New Password
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
