import type { Route } from './+types/admin-invitation';
import { AcceptInvitation } from '../admin/AcceptInvitation';
import { BACK_OFFICE_HANDLE, adminMeta, backOfficeHeaders } from '../admin/viewer';

/** The link alone decides what the page shows; the loader changes nothing, so a mail scanner's visit spends nothing. */
export function loader({ context }: Route.LoaderArgs) {
  return { shopName: context.shop.name };
}

export const headers = backOfficeHeaders;
export const handle = BACK_OFFICE_HANDLE;

export const meta: Route.MetaFunction = () => adminMeta('Accept your invitation');

export default function AdminInvitationPage({ loaderData, params }: Route.ComponentProps) {
  return <AcceptInvitation shopName={loaderData.shopName} token={params.token} />;
}
