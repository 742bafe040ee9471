import { Link } from 'react-router';
import type { User } from '../../../core/user';
import { AccountSection } from '../../components/AccountSection';
import { accountLinkClass as linkClass } from '../../components/link-styles';
import { displayName } from './display-name';

export function Dashboard({ user }: { user: User }) {
  return (
    <AccountSection title={`Hello ${displayName(user)}`}>
      <p className="leading-7 text-stone-700">
        From your account dashboard you can view your{' '}
        <Link to="/profile/orders" className={linkClass}>
          recent orders
        </Link>
        , manage your{' '}
        <Link to="/profile/addresses" className={linkClass}>
          shipping and billing addresses
        </Link>
        , and{' '}
        <Link to="/profile/account-details" className={linkClass}>
          edit your password and account details
        </Link>
        .
      </p>
      {!user.emailVerified && (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm leading-6 text-amber-950">
          <p>
            Your e-mail address <strong className="break-all">{user.email}</strong> is not verified yet. You need a
            verified address to check out.
          </p>
          <Link to="/verify-email" className={`${linkClass} mt-2 inline-block`}>
            Verify your e-mail address
          </Link>
        </div>
      )}
    </AccountSection>
  );
}
