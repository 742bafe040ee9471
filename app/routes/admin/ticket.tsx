import { useParams } from 'react-router';
import type { Route } from './+types/ticket';
import { inboxThreadEndpoint } from '../../../core/contracts/admin-messages';
import { pageParam, read } from '../../admin/api.server';
import { Thread } from '../../admin/Thread';
import { AdminPageError } from '../../admin/ui';
import { adminMeta } from '../../admin/viewer';

/** /admin/messages/:ticket: one message with the shop's replies (a ticket is its digits). */
export const loader = async (args: Route.LoaderArgs) =>
  read(args, inboxThreadEndpoint, { params: { ticketNumber: pageParam(args.params.ticket, /^\d{1,9}$/) } });

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Ticket #${params.ticket}`);

export default function TicketPage({ loaderData }: Route.ComponentProps) {
  return <Thread thread={loaderData} />;
}

export function ErrorBoundary() {
  const { ticket = '' } = useParams();
  return <AdminPageError title={`Ticket #${ticket}`} />;
}
