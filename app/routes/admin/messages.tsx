import type { Route } from './+types/messages';
import { inboxEndpoint } from '../../../core/contracts/admin-messages';
import { read, searchInput } from '../../admin/api.server';
import { Inbox } from '../../admin/Inbox';
import { AdminPageError } from '../../admin/ui';
import { adminMeta } from '../../admin/viewer';

/** /admin/messages: the contact form's messages, newest first, unread or read, by words or ticket. */
export const loader = (args: Route.LoaderArgs) =>
  read(args, inboxEndpoint, { query: searchInput(args.request, ['status', 'q', 'before']) });

export const meta: Route.MetaFunction = () => adminMeta('Messages');

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  return <Inbox data={loaderData} />;
}

export const ErrorBoundary = () => <AdminPageError title="Messages" />;
