import { asc, count, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../platform/db/client.ts';
import { runWorkflow, type Step, type Workflow } from '../platform/db/workflow.ts';
import { anyContains } from '../platform/db/search.ts';
import { newestFirstPage } from '../platform/db/paging.ts';
import type { AdminActor } from '../platform/audit/actor.ts';
import type { AuditTrail } from '../platform/audit/face.ts';
import type { MailOutbox } from '../platform/mail/face.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { InboxMessage, InboxThread, MessageStatus } from '../../core/contracts/admin-messages.ts';
import { ADMIN_HISTORY_MAX } from '../../core/contracts/admin-lists.ts';
import { contactMessages, contactReplies } from './schema.ts';
import { replyForSender, type ShopAddress } from './mails.ts';

export const MESSAGE_NOT_FOUND = 'No message has this ticket number';
const TICKET_DIGITS = /^#?(\d{1,9})$/;

export interface ContactInboxOptions extends ShopAddress {
  database: Database;
  outbox: MailOutbox;
  audit: AuditTrail;
}

export interface InboxSearch {
  status: MessageStatus;
  /** Looked for in the name, e-mail, phone and text; `#100001` or `100001` also finds that ticket. */
  q?: string;
  /** The previous page's last ticket number. */
  before?: number;
  limit: number;
}

/** A message an admin changes, locked by the workflow's first step, which fills in the rest. */
class ChangingMessage {
  id = '';
  email = '';
  readAt: Date | null = null;
  constructor(
    readonly actor: AdminActor,
    readonly ticketNumber: number,
  ) {}
}

class MarkingMessage extends ChangingMessage {
  constructor(
    actor: AdminActor,
    ticketNumber: number,
    readonly read: boolean,
  ) {
    super(actor, ticketNumber);
  }
}

class ReplyingMessage extends ChangingMessage {
  constructor(
    actor: AdminActor,
    ticketNumber: number,
    readonly reply: string,
  ) {
    super(actor, ticketNumber);
  }
}

interface MessageRow {
  ticketNumber: number;
  fullname: string;
  email: string;
  phone: string;
  message: string;
  createdAt: Date;
  readAt: Date | null;
  replyCount: number;
}

/** Every column of a message and how many replies it has, as the inbox lists it. */
const messageColumns = {
  ticketNumber: contactMessages.ticketNumber,
  fullname: contactMessages.fullname,
  email: contactMessages.email,
  phone: contactMessages.phone,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
  readAt: contactMessages.readAt,
  // Spelled out: drizzle leaves a single table's columns unqualified, and inside the subquery `id` would be the reply's.
  replyCount: sql<number>`(select count(*) from contact_replies r where r.message_id = contact_messages.id)::int`,
};

/**
 * The back office's contact inbox (decision 0035): messages unread or read, and the shop's replies, each stored,
 * mailed to the sender under the ticket number and audited in one transaction. Reading a thread marks nothing:
 * an admin says so, or replies.
 */
export class ContactInbox {
  private readonly markWorkflow: Workflow<MarkingMessage>;
  private readonly replyWorkflow: Workflow<ReplyingMessage>;

  constructor(private readonly options: ContactInboxOptions) {
    const { audit, outbox } = options;
    const lockMessage: Step<ChangingMessage> = {
      name: 'lockMessage',
      async run(tx, context) {
        const [row] = await tx
          .select({ id: contactMessages.id, email: contactMessages.email, readAt: contactMessages.readAt })
          .from(contactMessages)
          .where(eq(contactMessages.ticketNumber, context.ticketNumber))
          .for('update');
        if (!row) throw new HttpError(404, MESSAGE_NOT_FOUND);
        Object.assign(context, row);
      },
    };
    this.markWorkflow = {
      name: 'markContactMessage',
      steps: [
        lockMessage,
        {
          name: 'markRead',
          async run(tx, context) {
            if (context.read === (context.readAt !== null)) return;
            const before = { readAt: context.readAt };
            const readAt = await setReadAt(tx, context.id, context.read);
            await audit.record(tx, context.actor, {
              action: context.read ? 'message.read' : 'message.unread',
              targetType: 'message',
              targetId: String(context.ticketNumber),
              before,
              after: { readAt },
            });
          },
        },
      ],
    };
    this.replyWorkflow = {
      name: 'replyToContactMessage',
      steps: [
        lockMessage,
        {
          name: 'storeReplyAndMarkRead',
          async run(tx, context) {
            const { actor, reply: text } = context;
            const [reply] = await tx
              .insert(contactReplies)
              .values({ messageId: context.id, adminId: actor.userId, adminEmail: actor.email, message: text })
              .returning({ id: contactReplies.id });
            const before = { readAt: context.readAt };
            const readAt = context.readAt ?? (await setReadAt(tx, context.id, true));
            await audit.record(tx, context.actor, {
              action: 'message.reply',
              targetType: 'message',
              targetId: String(context.ticketNumber),
              before,
              after: { readAt, replyId: reply!.id, reply: text },
            });
          },
        },
        {
          name: 'mailSender',
          run: (tx, { email, ticketNumber, reply }) =>
            outbox.enqueue(replyForSender(email, ticketNumber, reply, options), tx),
        },
      ],
    };
  }

  /** Newest first (by ticket), with each message's reply count; `next` is the `before` of the next page. */
  async list(search: InboxSearch): Promise<{ messages: InboxMessage[]; next: number | null }> {
    const where: SQL[] = [];
    if (search.status === 'unread') where.push(isNull(contactMessages.readAt));
    if (search.status === 'read') where.push(isNotNull(contactMessages.readAt));
    if (search.q) where.push(matching(search.q));
    const { rows, next } = await newestFirstPage(
      this.options.database.db.select(messageColumns).from(contactMessages).$dynamic(),
      { key: contactMessages.ticketNumber },
      { where, before: search.before, limit: search.limit },
      (row) => row.ticketNumber,
    );
    return { messages: rows.map(present), next };
  }

  /** The message and its replies, oldest first; 404 for an unknown ticket. Marks nothing read. */
  async thread(ticketNumber: number): Promise<InboxThread> {
    const db = this.options.database.db;
    const [row] = await db
      .select(messageColumns)
      .from(contactMessages)
      .where(eq(contactMessages.ticketNumber, ticketNumber));
    if (!row) throw new HttpError(404, MESSAGE_NOT_FOUND);
    const replies = await db
      .select({
        id: contactReplies.id,
        adminEmail: contactReplies.adminEmail,
        message: contactReplies.message,
        createdAt: contactReplies.createdAt,
      })
      .from(contactReplies)
      .innerJoin(contactMessages, eq(contactMessages.id, contactReplies.messageId))
      .where(eq(contactMessages.ticketNumber, ticketNumber))
      .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id))
      .limit(ADMIN_HISTORY_MAX);
    return {
      ...present(row),
      replies: replies.map((reply) => ({ ...reply, createdAt: reply.createdAt.toISOString() })),
    };
  }

  /** Marks the message read or unread; already so, nothing changes and nothing is recorded. */
  async mark(actor: AdminActor, ticketNumber: number, read: boolean): Promise<InboxMessage> {
    await runWorkflow(this.options.database, this.markWorkflow, new MarkingMessage(actor, ticketNumber, read));
    const { replies: _replies, ...message } = await this.thread(ticketNumber);
    return message;
  }

  /** Stores the reply, marks the message read and mails the reply to its sender; the answer is the whole thread. */
  async reply(actor: AdminActor, ticketNumber: number, reply: string): Promise<InboxThread> {
    await runWorkflow(this.options.database, this.replyWorkflow, new ReplyingMessage(actor, ticketNumber, reply));
    return this.thread(ticketNumber);
  }

  /** Messages no admin has read yet, for the dashboard. */
  async unreadCount(): Promise<number> {
    const [row] = await this.options.database.db
      .select({ unread: count() })
      .from(contactMessages)
      .where(isNull(contactMessages.readAt));
    return row!.unread;
  }
}

/** Sets or clears the message's read time; the answer is the new one. */
async function setReadAt(tx: Db, id: string, read: boolean): Promise<Date | null> {
  const [row] = await tx
    .update(contactMessages)
    .set({ readAt: read ? sql`now()` : null })
    .where(eq(contactMessages.id, id))
    .returning({ readAt: contactMessages.readAt });
  return row!.readAt;
}

/** The search box: text in the sender's fields or message, or a ticket number. */
function matching(q: string): SQL {
  const text = anyContains(
    [contactMessages.fullname, contactMessages.email, contactMessages.phone, contactMessages.message],
    q,
  );
  const ticket = TICKET_DIGITS.exec(q)?.[1];
  return ticket ? or(text, eq(contactMessages.ticketNumber, Number(ticket)))! : text;
}

function present(row: MessageRow): InboxMessage {
  return {
    ticketNumber: row.ticketNumber,
    fullname: row.fullname,
    email: row.email,
    phone: row.phone,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    replyCount: row.replyCount,
  };
}
