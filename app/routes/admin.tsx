import { Outlet } from 'react-router';
import type { Route } from './+types/admin';
import { AdminShell } from '../admin/AdminShell';
import { AdminViewerContext, BACK_OFFICE_HANDLE, adminMeta, adminOrNotFound, backOfficeHeaders } from '../admin/viewer';

/**
 * The back office's layout (decision 0059): every /admin page but the sign-in and an invitation link is one of its
 * child routes. An admin past the second factor, or a 404 (decision 0033); each page's loader checks the same.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = await adminOrNotFound(context, request);
  return { viewer, shopName: context.shop.name };
}

export const headers = backOfficeHeaders;
export const handle = BACK_OFFICE_HANDLE;

export const meta: Route.MetaFunction = () => adminMeta('Back office');

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { viewer, shopName } = loaderData;
  return (
    <AdminViewerContext.Provider value={viewer}>
      <AdminShell shopName={shopName} viewer={viewer}>
        <Outlet />
      </AdminShell>
    </AdminViewerContext.Provider>
  );
}
