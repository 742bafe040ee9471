import { data } from 'react-router';
import type { Route } from './+types/admin';
import { AdminShell } from '../admin/AdminShell';
import { adminPageAt } from '../admin/pages';
import { AdminViewerContext, BACK_OFFICE_HANDLE, adminMeta, adminOrNotFound, backOfficeHeaders } from '../admin/viewer';

/**
 * Every /admin page but the sign-in (decision 0033): an admin past the second factor, or a 404; then a 404 too for
 * a path that is no back-office page.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = await adminOrNotFound(context, request);
  const page = adminPageAt(params['*'] ?? '');
  if (!page) throw data('Not found', { status: 404 });
  return { viewer, shopName: context.shop.name, title: page.title };
}

export const headers = backOfficeHeaders;
export const handle = BACK_OFFICE_HANDLE;

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData?.title ?? 'Back office');

export default function AdminPages({ loaderData, params }: Route.ComponentProps) {
  const { viewer, shopName } = loaderData;
  const page = adminPageAt(params['*'] ?? '');
  return (
    <AdminViewerContext.Provider value={viewer}>
      <AdminShell shopName={shopName} viewer={viewer}>
        {page?.render()}
      </AdminShell>
    </AdminViewerContext.Provider>
  );
}
