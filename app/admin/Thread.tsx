import { useRef } from 'react';
import { Form, Link } from 'react-router';
import type { InboxThread } from '../../core/contracts/admin-messages';
import { TextAreaField } from '../components/form/Field';
import { SubmitButton } from '../components/form/SubmitButton';
import { ChangeFields, useChangeForm, useChangeToasts } from './change-form';
import { Badge, Card, PageHeading, When, adminLinkClass, smallButtonClass } from './ui';

/** The ticket page's forms, by the intent each sends (routes/admin/ticket.tsx). */
export const THREAD_INTENTS = { reply: 'reply', markRead: 'mark-read', markUnread: 'mark-unread' } as const;

function ReplyForm() {
  const form = useRef<HTMLFormElement>(null);
  const { busy } = useChangeForm(THREAD_INTENTS.reply, () => form.current?.reset());
  return (
    <Form ref={form} method="post" noValidate className="space-y-3">
      <ChangeFields form={THREAD_INTENTS.reply} intent={THREAD_INTENTS.reply} />
      <TextAreaField label="Reply by e-mail" name="message" required />
      <SubmitButton busy={busy} busyLabel="Sending...">
        Send reply
      </SubmitButton>
    </Form>
  );
}

/** Marks the message read, or unread again. */
function MarkForm({ read }: { read: boolean }) {
  const { busy } = useChangeForm('mark');
  return (
    <Form method="post">
      <ChangeFields form="mark" intent={read ? THREAD_INTENTS.markUnread : THREAD_INTENTS.markRead} />
      <button type="submit" disabled={busy} className={smallButtonClass}>
        {read ? 'Mark unread' : 'Mark read'}
      </button>
    </Form>
  );
}

/** /admin/messages/:ticket: the message, the shop's replies, read or unread, and a reply by mail. */
export function Thread({ thread }: { thread: InboxThread }) {
  const { ticketNumber } = thread;
  useChangeToasts();
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
            <MarkForm read={Boolean(thread.readAt)} />
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
          <ReplyForm />
        </Card>
      </div>
    </>
  );
}
