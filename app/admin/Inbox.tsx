import { Link } from 'react-router';
import { MESSAGE_STATUSES, type inboxEndpoint } from '../../core/contracts/admin-messages';
import type { Success } from './api';
import { Badge, Card, FilterField, ListPage, When, adminLinkClass } from './ui';

/** /admin/messages: the contact form's messages, newest first, unread or read, by words or ticket. */
export function Inbox({ data }: { data: Success<typeof inboxEndpoint> }) {
  return (
    <ListPage
      title="Messages"
      filterLabel="Find messages"
      filters={
        <>
          <FilterField label="Show" name="status" options={[...MESSAGE_STATUSES].reverse()} />
          <FilterField label="Search or ticket number" name="q" type="search" />
        </>
      }
      data={data}
      itemsOf={(data) => data.messages}
      empty="No messages match."
      keyOf={(message) => message.ticketNumber}
    >
      {(message) => (
        <Card className={message.readAt ? '' : 'border-l-4 border-l-brand-700'}>
          <div className="flex flex-wrap items-center gap-2">
            <Link to={`/admin/messages/${message.ticketNumber}`} className={adminLinkClass}>
              #{message.ticketNumber} from {message.fullname}
            </Link>
            <Badge tone={message.readAt ? 'neutral' : 'warning'}>{message.readAt ? 'Read' : 'Unread'}</Badge>
            {message.replyCount > 0 && (
              <Badge tone="good">
                {message.replyCount} {message.replyCount === 1 ? 'reply' : 'replies'}
              </Badge>
            )}
          </div>
          <p className="mt-1 line-clamp-2 break-words text-stone-800">{message.message}</p>
          <p className="mt-1 text-sm break-words text-stone-600">
            {message.email} · <When at={message.createdAt} />
          </p>
        </Card>
      )}
    </ListPage>
  );
}
