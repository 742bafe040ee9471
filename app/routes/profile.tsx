import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import type { Route } from './+types/route';
import type { User } from '../../../core/user';
import { useSession } from '../../auth/session';
import { pageMeta } from '../../lib/meta';
import { Spinner } from '../../components/Spinner';
import avatar from '../../assets/avatar.svg';
import { displayName } from './account';
import { AccountSection, linkClass } from './AccountSection';
import { Dashboard } from './Dashboard';
import { OrdersSection } from './OrdersSection';
import { WishlistSection } from './WishlistSection';
import { AddressesSection } from './AddressesSection';
import { AccountDetailsSection } from './AccountDetailsSection';
import { LogoutSection } from './LogoutSection';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta({
    matches,
    title: 'My Account',
    description: 'Your orders, addresses and account details.',
    path: location.pathname,
  }),
  { name: 'robots', content: 'noindex' },
];

interface AccountSectionEntry {
  /** The path after /profile/; '' is the dashboard. */
  key: string;
  label: string;
  render: (user: User) => ReactNode;
}

const SECTIONS: AccountSectionEntry[] = [
  { key: '', label: 'Dashboard', render: (user) => <Dashboard user={user} /> },
  { key: 'orders', label: 'Orders', render: () => <OrdersSection /> },
  { key: 'wishlist', label: 'Wishlist', render: () => <WishlistSection /> },
  { key: 'addresses', label: 'Addresses', render: (user) => <AddressesSection user={user} /> },
  { key: 'account-details', label: 'Account details', render: (user) => <AccountDetailsSection user={user} /> },
  { key: 'logout', label: 'Log out', render: () => <LogoutSection /> },
];

const LOGOUT = 'logout';
const pathOf = (key: string) => (key ? `/profile/${key}` : '/profile');

/**
 * The signed-in user, kept while logging out: signOut empties the session before the logout section has gone
 * home, and the page should not flash a signed-out state (or send the visitor to sign in) meanwhile.
 */
function useLastSignedInUser(user: User | null): User | null {
  const [last, setLast] = useState(user);
  if (user && user !== last) setLast(user);
  return user ?? last;
}

export default function Profile({ params }: Route.ComponentProps) {
  const { status, user } = useSession();
  const { pathname } = useLocation();
  const section = (params['*'] ?? '').replace(/\/+$/, '');
  const shownUser = useLastSignedInUser(user);

  if (status === 'loading') {
    return (
      <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center">
        <Spinner label="Loading your account" />
      </div>
    );
  }
  if (section === LOGOUT && !shownUser) return <Navigate to="/" replace />;
  if (!shownUser || (status === 'signed-out' && section !== LOGOUT)) {
    return <Navigate to={`/signin?redirectTo=${encodeURIComponent(pathname)}`} replace />;
  }
  return <AccountLayout user={shownUser} section={section} />;
}

function AccountLayout({ user, section }: { user: User; section: string }) {
  const current = SECTIONS.find((entry) => entry.key === section);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-12">
      <h1 className="mb-6 text-2xl font-semibold md:mb-8 md:text-3xl">My Account</h1>
      <div className="flex flex-col gap-8 md:flex-row md:items-start">
        <aside className="rounded-lg border border-stone-200 p-4 md:w-64 md:shrink-0">
          <div className="flex items-center gap-3 border-b border-stone-200 pb-4">
            <img
              src={user.img || avatar}
              alt=""
              width={56}
              height={56}
              referrerPolicy="no-referrer"
              className="size-14 shrink-0 rounded-full bg-brand-100 object-cover"
            />
            <p className="min-w-0 break-words font-medium">{displayName(user)}</p>
          </div>
          <nav aria-label="Account" className="mt-3">
            <ul className="grid grid-cols-2 gap-1 md:grid-cols-1">
              {SECTIONS.map((entry) => {
                const active = entry === current;
                return (
                  <li key={entry.key}>
                    <Link
                      to={pathOf(entry.key)}
                      aria-current={active ? 'page' : undefined}
                      className={`block rounded-md px-3 py-2.5 text-sm font-medium ${
                        active ? 'bg-brand-700 text-white' : 'text-stone-800 hover:bg-brand-50 hover:text-brand-800'
                      }`}
                    >
                      {entry.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </aside>
        <div className="min-w-0 flex-1">{current ? current.render(user) : <SectionNotFound />}</div>
      </div>
    </div>
  );
}

function SectionNotFound() {
  return (
    <AccountSection title="Section not found">
      <p className="text-stone-700">
        This part of your account does not exist.{' '}
        <Link to="/profile" className={linkClass}>
          Go to your dashboard
        </Link>
        .
      </p>
    </AccountSection>
  );
}
