import { redirect } from 'react-router';
import type { Route } from './+types/admin-sign-in';
import { AdminSignIn } from '../admin/AdminSignIn';
import { BACK_OFFICE_HANDLE, adminMeta, backOfficeHeaders } from '../admin/viewer';

/** An admin already signed in goes on to the dashboard; anyone else may try to sign in. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = await context.admin.viewer(request);
  if (viewer?.stage === 'complete') throw redirect('/admin');
  return { shopName: context.shop.name };
}

export const headers = backOfficeHeaders;
export const handle = BACK_OFFICE_HANDLE;

export const meta: Route.MetaFunction = () => adminMeta('Sign in');

export default function AdminSignInPage({ loaderData }: Route.ComponentProps) {
  return <AdminSignIn shopName={loaderData.shopName} />;
}
