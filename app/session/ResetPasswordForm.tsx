import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { RESET_REDIRECT_MS } from '../../core/constants';
import { resetPasswordSchema } from '../../core/contracts/account';
import { AuthCard } from '../components/AuthCard';
import { PasswordField } from '../components/form/Field';
import { FormAlert } from '../components/form/FormAlert';
import { SubmitButton } from '../components/form/SubmitButton';
import { linkClass } from '../components/link-styles';
import { useForm } from '../lib/form';
import { toast } from '../lib/toast';
import { resetPassword } from './actions';

const PASSWORD_HINT = 'Use 6 to 20 characters with at least one uppercase letter, one lowercase letter and one number.';

/** Sets a new password with the mailed link's token, then goes to sign in after a moment. */
export function ResetPasswordForm({ tokenId }: { tokenId: string }) {
  const navigate = useNavigate();
  const form = useForm(resetPasswordSchema, {
    failureMessage: 'Failed to send reset link',
    onFailure: toast.error,
    onInvalid: toast.error,
  });
  const done = form.done;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/signin', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = form.handleSubmit(async ({ newPassword, confirmPassword }) => {
    const processing = toast.loading('Processing Request...');
    try {
      const { message } = await resetPassword(tokenId, newPassword, confirmPassword);
      toast.success(message || 'Password reset successful');
    } finally {
      void processing.then((id) => toast.dismiss(id));
    }
  });

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
        <form noValidate onSubmit={submit} className="space-y-5">
          <PasswordField label="New Password" autoComplete="new-password" required {...form.field('newPassword')} />
          <PasswordField
            label="Confirm New Password"
            autoComplete="new-password"
            required
            {...form.field('confirmPassword')}
          />
          <FormAlert message={form.formError} />
          <SubmitButton busy={form.busy} busyLabel="Resetting...">
            Set New Password
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
