/**
 * Who is signed in to the back office, as the /admin layout's loader found them (decision 0033). Pages read it
 * with useAdminViewer; changes carry its CSRF token (see api.ts).
 */
import { createContext, useContext } from 'react';
import { data, type AppLoadContext } from 'react-router';
import type { AdminViewer } from '../../core/contracts/admin-session';

/** The /admin layout route's id, for useRouteLoaderData. */
export const ADMIN_LAYOUT_ID = 'routes/admin';

export const AdminViewerContext = createContext<AdminViewer | null>(null);

export function useAdminViewer(): AdminViewer {
  const viewer = useContext(AdminViewerContext);
  if (!viewer) throw new Error('useAdminViewer outside the /admin layout');
  return viewer;
}

/**
 * The admin fully signed in (past the second factor), or a 404: to a visitor, a shopper or a half signed-in admin
 * the back office does not exist.
 */
export async function adminOrNotFound(context: AppLoadContext, request: Request): Promise<AdminViewer> {
  const viewer = await context.admin.viewer(request);
  if (viewer?.stage !== 'complete') throw data('Not found', { status: 404 });
  return viewer;
}

/** Every back-office page, the 404s in its place included: never cached, never indexed. */
export const backOfficeHeaders = () => ({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });

/** Marks a route as the back office's, so the root layout leaves out the shop's header and footer. */
export const BACK_OFFICE_HANDLE = { backOffice: true } as const;

/** A back-office page's title, and the robots tag every one carries (a child's meta replaces its parent's). */
export const adminMeta = (title: string) => [
  { title: `${title} | Back office` },
  { name: 'robots', content: 'noindex, nofollow' },
];
