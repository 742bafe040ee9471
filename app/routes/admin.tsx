import { Outlet, data, replace } from 'react-router';
import { adminSignOutEndpoint } from '../../core/contracts/admin-session';
import type { Route } from './+types/admin';
import { send } from '../admin/api.server';
import { AdminShell, SIGN_OUT_FORM } from '../admin/AdminShell';
import { CSRF_FIELD, type Reply } from '../admin/change-form';
import { AdminViewerContext, BACK_OFFICE_HANDLE, adminMeta, adminOrNotFound, backOfficeHeaders } from '../admin/viewer';

/**
 * The back office's layout (decision 0059): every /admin page but the sign-in and an invitation link is one of its
 * child routes. An admin past the second factor, or a 404 (decision 0033); each page's loader checks the same.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = await adminOrNotFound(context, request);
  return { viewer, shopName: context.shop.name };
}

/**
 * Signing out (the shell's button): the API ends the session and clears its cookie, whose Set-Cookie goes with the
 * redirect to the sign-in, in place of the page signed out of.
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const csrfToken = String(form.get(CSRF_FIELD) ?? '');
  const outcome = await send(args, adminSignOutEndpoint, { csrfToken });
  if (!outcome.ok)
    return data<Reply>({ ok: false, message: outcome.message, form: SIGN_OUT_FORM }, { status: outcome.status });
  const headers = new Headers();
  for (const cookie of outcome.setCookies) headers.append('set-cookie', cookie);
  throw replace('/admin/sign-in', { headers });
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
