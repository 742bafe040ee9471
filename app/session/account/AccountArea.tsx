import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import type { User } from '../../../core/user';
import avatar from '../../assets/avatar.svg';
import { AccountSection } from '../../components/AccountSection';
import { accountLinkClass as linkClass } from '../../components/link-styles';
import { Spinner } from '../../components/Spinner';
import { useSession } from '../session-store';
import { displayName } from './display-name';

export interface AccountSectionEntry {
  /** The path after /profile/; '' is the dashboard. */
  key: string;
  label: string;
  render: (user: User) => ReactNode;
}

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

/**
 * My Account: a spinner until the session is known, sign-in for visitors, else the account's navigation beside
 * the chosen section. The sections come from the route, which puts the capabilities' parts together.
 */
export function AccountArea({ section, sections }: { section: string; sections: readonly AccountSectionEntry[] }) {
  const { status, user } = useSession();
  const { pathname } = useLocation();
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
  return <AccountLayout user={shownUser} section={section} sections={sections} />;
}

function AccountLayout({
  user,
  section,
  sections,
}: {
  user: User;
  section: string;
  sections: readonly AccountSectionEntry[];
}) {
  const current = sections.find((entry) => entry.key === section);
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
              {sections.map((entry) => {
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
