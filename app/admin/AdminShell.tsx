import type { ReactNode } from 'react';
import { Form, NavLink } from 'react-router';
import type { AdminViewer } from '../../core/contracts/admin-session';
import { ChangeFields, useChangeForm, useChangeToasts } from './change-form';

interface NavEntry {
  to: string;
  label: string;
  ownerOnly?: boolean;
}

/**
 * The back office's sections. Orders and Products join here once their pages exist (issue 22: built alongside);
 * Team is the owner's alone.
 */
export const ADMIN_NAV: readonly NavEntry[] = [
  { to: '/admin', label: 'Dashboard' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/reviews', label: 'Reviews' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/stock', label: 'Stock' },
  { to: '/admin/audit', label: 'Audit log' },
  { to: '/admin/team', label: 'Team', ownerOnly: true },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-brand-700 text-white' : 'text-stone-800 hover:bg-stone-200'
  } focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700`;

/** The form that signs out: it posts to the /admin layout's action (routes/admin.tsx), which ends the session. */
export const SIGN_OUT_FORM = 'sign-out';

function SignOut() {
  useChangeToasts();
  const { busy } = useChangeForm(SIGN_OUT_FORM);
  return (
    <Form method="post" action="/admin">
      <ChangeFields form={SIGN_OUT_FORM} />
      <button
        type="submit"
        disabled={busy}
        className="rounded-md border border-stone-400 px-3 py-1.5 text-sm font-medium hover:bg-stone-100"
      >
        Sign out
      </button>
    </Form>
  );
}

/** Header (shop, admin, sign out), the sections' navigation, then the page; one column on a phone. */
export function AdminShell({
  shopName,
  viewer,
  children,
}: {
  shopName: string;
  viewer: AdminViewer;
  children: ReactNode;
}) {
  const entries = ADMIN_NAV.filter((entry) => !entry.ownerOnly || viewer.role === 'owner');
  return (
    <div className="min-h-screen bg-stone-50 text-stone-900">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="font-semibold">
            {shopName} <span className="font-normal text-stone-600">back office</span>
          </p>
          <div className="flex min-w-0 flex-wrap items-center gap-3 text-sm">
            <span className="min-w-0 break-all text-stone-700">
              {viewer.email} <span className="rounded bg-stone-100 px-1.5 py-0.5 text-xs uppercase">{viewer.role}</span>
            </span>
            <SignOut />
          </div>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 md:grid-cols-[12rem_1fr]">
        <nav aria-label="Back office">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {entries.map((entry) => (
              <li key={entry.to}>
                <NavLink to={entry.to} end={entry.to === '/admin'} className={navLinkClass}>
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="admin-main" className="min-w-0">
          {children}
        </main>
      </div>
    </div>
  );
}
