import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import {
  markMessageReadEndpoint,
  markMessageUnreadEndpoint,
  replySchema,
  replyToMessageEndpoint,
  type InboxThread,
} from '../../core/contracts/admin-messages';
import { TextAreaField } from '../components/form/Field';
import { SubmitButton } from '../components/form/SubmitButton';
import { emptyValues, useForm } from '../lib/form';
import { toast } from '../lib/toast';
import { change, changeOrToast } from './api';
import { useAdminViewer } from './viewer';
import { Badge, Card, PageHeading, When, adminLinkClass, smallButtonClass } from './ui';

function ReplyForm({ ticketNumber, onSent }: { ticketNumber: string; onSent: () => void }) {
  const { csrfToken } = useAdminViewer();
  const form = useForm(replySchema, { onFailure: toast.error, onInvalid: toast.error });
  const submit = form.handleSubmit(async (body) => {
    await change(csrfToken, replyToMessageEndpoint, { params: { ticketNumber }, body });
    onSent();
    toast.success('Reply sent');
    form.setValues(emptyValues(replySchema));
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <TextAreaField label="Reply by e-mail" required {...form.field('message')} />
      <SubmitButton busy={form.busy} busyLabel="Sending...">
        Send reply
      </SubmitButton>
    </form>
  );
}

/** /admin/messages/:ticket: the message, the shop's replies, read or unread, and a reply by mail. */
export function Thread({ thread }: { thread: InboxThread }) {
  const { csrfToken } = useAdminViewer();
  const { revalidate } = useRevalidator();
  const ticketNumber = String(thread.ticketNumber);
  const [busy, setBusy] = useState(false);
  const mark = async (thread: InboxThread) => {
    setBusy(true);
    const endpoint = thread.readAt ? markMessageUnreadEndpoint : markMessageReadEndpoint;
    const marked = await changeOrToast(
      () => change(csrfToken, endpoint, { params: { ticketNumber } }),
      thread.readAt ? 'Marked unread' : 'Marked read',
    );
    setBusy(false);
    if (marked) await revalidate();
  };
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/messages" className={adminLinkClass}>
          ← All messages
        </Link>
      </p>
      <PageHeading title={`Ticket #${ticketNumber}`} />
      <div className="space-y-4">
        <Card>
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <Badge tone={thread.readAt ? 'neutral' : 'warning'}>{thread.readAt ? 'Read' : 'Unread'}</Badge>
            <button type="button" disabled={busy} className={smallButtonClass} onClick={() => void mark(thread)}>
              {thread.readAt ? 'Mark unread' : 'Mark read'}
            </button>
          </div>
          <h2 className="font-semibold break-words">{thread.fullname}</h2>
          <p className="text-sm break-words text-stone-700">
            <a href={`mailto:${thread.email}`} className={adminLinkClass}>
              {thread.email}
            </a>{' '}
            · {thread.phone} · <When at={thread.createdAt} />
          </p>
          <p className="mt-3 whitespace-pre-line break-words">{thread.message}</p>
        </Card>
        {thread.replies.length > 0 && (
          <section aria-labelledby="replies-heading" className="space-y-3">
            <h2 id="replies-heading" className="text-lg font-semibold">
              Replies
            </h2>
            {thread.replies.map((reply) => (
              <Card key={reply.id} className="bg-stone-50">
                <p className="text-sm text-stone-700">
                  {reply.adminEmail} · <When at={reply.createdAt} />
                </p>
                <p className="mt-2 whitespace-pre-line break-words">{reply.message}</p>
              </Card>
            ))}
          </section>
        )}
        <Card>
          <ReplyForm ticketNumber={ticketNumber} onSent={() => void revalidate()} />
        </Card>
      </div>
    </>
  );
}
