import { Link } from 'react-router';
import { forgotPasswordSchema } from '../../core/contracts/account';
import { AuthCard } from '../components/AuthCard';
import { EmailField } from '../components/form/Field';
import { FormAlert } from '../components/form/FormAlert';
import { SubmitButton } from '../components/form/SubmitButton';
import { linkClass } from '../components/link-styles';
import { useForm } from '../lib/form';
import { toast } from '../lib/toast';
import { requestPasswordReset } from './actions';

/** Asks for a reset link; once sent, the same answer whether or not the address has an account. */
export function ForgotPasswordForm() {
  const form = useForm(forgotPasswordSchema, { failureMessage: 'Failed to send reset link', onFailure: toast.error });
  const submit = form.handleSubmit(async ({ email }) => {
    await requestPasswordReset(email);
    toast.success('Password reset link sent successfully');
  });

  if (form.done) {
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
      <form noValidate onSubmit={submit} className="space-y-5">
        <EmailField label="Email" required {...form.field('email')} />
        <FormAlert message={form.formError} />
        <SubmitButton busy={form.busy} busyLabel="Sending…">
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
