import { useId } from 'react';
import { Link } from 'react-router';
import type { User } from '../../../core/user';
import { accountDetailsSchema, type AccountDetailsInput } from '../../../core/contracts/account';
import { AccountSection } from '../../components/AccountSection';
import { Field, PasswordField, PhoneField } from '../../components/form/Field';
import { accountLinkClass as linkClass } from '../../components/link-styles';
import { useForm } from '../../lib/form';
import { toast } from '../../lib/toast';
import { updateProfile } from '../actions';

const NO_PASSWORD_CHANGE = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The profile fields, plus the password change only when a new password is given. */
function requestBody({ fullName, email, phone, currentPassword, newPassword, confirmPassword }: AccountDetailsInput) {
  const profile = { fullName, email, phone };
  return newPassword ? { ...profile, currentPassword, password: newPassword, confirmPassword } : profile;
}

export function AccountDetailsSection({ user }: { user: User }) {
  const emailHintId = useId();
  const form = useForm(accountDetailsSchema, {
    initialValues: {
      fullName: user.fullName || user.fullname,
      email: user.email,
      phone: user.phone ?? '',
      ...NO_PASSWORD_CHANGE,
    },
    onFailure: toast.error,
  });
  // The success toast shows the server's message, only once it has confirmed.
  const submit = form.handleSubmit(async (details: AccountDetailsInput) => {
    toast.success(await updateProfile(requestBody(details)));
    const { fullName, email, phone } = details;
    form.setValues({ fullName, email, phone, ...NO_PASSWORD_CHANGE });
  });

  return (
    <AccountSection title="Account details">
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field label="Full name *" required autoComplete="name" {...form.field('fullName')} />
        <div>
          <Field label="Email address" type="email" readOnly aria-describedby={emailHintId} {...form.field('email')} />
          <p id={emailHintId} className="mt-1 text-sm text-stone-600">
            Your e-mail address cannot be changed.
          </p>
        </div>
        <PhoneField label="Phone *" required {...form.field('phone')} />
        <fieldset className="space-y-4 rounded-md border border-stone-200 p-4">
          <legend className="px-1 font-semibold">Password change</legend>
          {user.hasPassword ? (
            <>
              <p className="text-sm text-stone-600">
                Leave these blank to keep your password. A new password signs you out on your other devices.
              </p>
              <PasswordField
                label="Current password"
                autoComplete="current-password"
                {...form.field('currentPassword')}
              />
              <PasswordField label="New password" autoComplete="new-password" {...form.field('newPassword')} />
              <PasswordField
                label="Confirm new password"
                autoComplete="new-password"
                {...form.field('confirmPassword')}
              />
            </>
          ) : (
            <p className="text-sm text-stone-700">
              You signed in with Google, so your account has no password yet. To set one, request a link on the{' '}
              <Link to="/forgot-password" className={linkClass}>
                forgot password
              </Link>{' '}
              page.
            </p>
          )}
        </fieldset>
        <button type="submit" className="btn-primary" disabled={form.busy}>
          {form.busy ? 'Saving...' : 'Save changes'}
        </button>
      </form>
    </AccountSection>
  );
}
