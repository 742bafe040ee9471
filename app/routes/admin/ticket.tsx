import { useParams } from 'react-router';
import type { Route } from './+types/ticket';
import {
  inboxThreadEndpoint,
  markMessageReadEndpoint,
  markMessageUnreadEndpoint,
  replySchema,
  replyToMessageEndpoint,
} from '../../../core/contracts/admin-messages';
import { bodyOf, change, pageParam, read, unknownForm } from '../../admin/api.server';
import { INTENT } from '../../admin/change-form';
import { THREAD_INTENTS, Thread } from '../../admin/Thread';
import { AdminPageError } from '../../admin/ui';
import { adminMeta } from '../../admin/viewer';

const TICKET = /^\d{1,9}$/;

/** /admin/messages/:ticket: one message with the shop's replies (a ticket is its digits). */
export const loader = async (args: Route.LoaderArgs) =>
  read(args, inboxThreadEndpoint, { params: { ticketNumber: pageParam(args.params.ticket, TICKET) } });

/** The ticket's forms: a reply by mail, marking it read or unread. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const params = { ticketNumber: pageParam(args.params.ticket, TICKET) };
  const submitted = { ...args, form };
  switch (form.get(INTENT)) {
    case THREAD_INTENTS.reply:
      return change(submitted, replyToMessageEndpoint, {
        params,
        body: bodyOf(replySchema, form),
        done: () => 'Reply sent',
      });
    case THREAD_INTENTS.markRead:
      return change(submitted, markMessageReadEndpoint, { params, done: () => 'Marked read' });
    case THREAD_INTENTS.markUnread:
      return change(submitted, markMessageUnreadEndpoint, { params, done: () => 'Marked unread' });
    default:
      return unknownForm(form);
  }
}

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Ticket #${params.ticket}`);

export default function TicketPage({ loaderData }: Route.ComponentProps) {
  return <Thread thread={loaderData} />;
}

export function ErrorBoundary() {
  const { ticket = '' } = useParams();
  return <AdminPageError title={`Ticket #${ticket}`} />;
}
