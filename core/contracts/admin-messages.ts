/**
 * The back office's contact inbox (issue 22, decision 0035): the contact form's messages, unread or read, and the
 * shop's replies, mailed to the sender under the message's ticket number.
 */
import { z } from './zod.ts';
import { MAX, messageSchema, multiLineText, shownList, shownText, shownTime } from './fields.ts';
import { PHONE_DIGITS } from '../constants.ts';
import { endpoint } from './endpoint.ts';
import { ADMIN_HISTORY_MAX, ADMIN_PAGE, adminErrors, listLimitSchema, searchSchema } from './admin-lists.ts';

export const MESSAGE_STATUSES = ['unread', 'read', 'all'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A ticket number as mails write it without its `#`: 100001. */
const ticketNumberSchema = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .max(9, message)
    .transform(Number);

export const inboxMessageSchema = z.object({
  ticketNumber: z.number().int(),
  fullname: shownText(MAX.name),
  email: shownText(MAX.email),
  phone: shownText(PHONE_DIGITS),
  /** As the sender wrote it: render it as text. */
  message: shownText(MAX.text),
  createdAt: shownTime(),
  /** When an admin read it or replied; null while unread. */
  readAt: shownTime().nullable(),
  replyCount: z.number().int(),
});

export const inboxReplySchema = z.object({
  id: shownText(MAX.name),
  /** The admin who wrote it. */
  adminEmail: shownText(MAX.email),
  message: shownText(MAX.text),
  createdAt: shownTime(),
});

/** A message with the shop's replies to it, oldest first. */
export const inboxThreadSchema = inboxMessageSchema.extend({ replies: shownList(inboxReplySchema, ADMIN_HISTORY_MAX) });

const ticketParams = z.object({
  ticketNumber: ticketNumberSchema('The ticket number is its digits, e.g. 100001'),
});

/** Newest first; `before` is the previous page's `next`. `q` looks in the name, e-mail, phone and text, or a ticket. */
export const inboxEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/messages',
  querystring: z.object({
    status: z.enum(MESSAGE_STATUSES, { error: 'status must be unread, read or all' }).default('all'),
    q: searchSchema,
    before: ticketNumberSchema('before must be a ticket number').optional(),
    limit: listLimitSchema,
  }),
  responses: {
    200: z.object({
      messages: shownList(inboxMessageSchema, ADMIN_PAGE.max),
      /** The `before` of the next page; null on the last. */
      next: z.number().int().nullable(),
    }),
    ...adminErrors,
  },
});

/** One message and its replies; reading it here does not mark it read. */
export const inboxThreadEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/messages/:ticketNumber',
  params: ticketParams,
  responses: { 200: inboxThreadSchema, ...adminErrors, 404: messageSchema },
});

const markEndpoint = <const P extends string>(path: P) =>
  endpoint({
    method: 'POST',
    path,
    params: ticketParams,
    responses: { 200: inboxMessageSchema, ...adminErrors, 404: messageSchema },
  });

/** Marks the message read; already read, nothing changes. */
export const markMessageReadEndpoint = markEndpoint('/api/admin/messages/:ticketNumber/read');
/** Marks the message unread again; already unread, nothing changes. */
export const markMessageUnreadEndpoint = markEndpoint('/api/admin/messages/:ticketNumber/unread');

export const replySchema = z.object({ message: multiLineText('Write a reply', MAX.text) });

/**
 * Stores the reply, marks the message read, and mails the reply to the sender from the shop, its subject keeping
 * the ticket number; the answer is the message with all its replies.
 */
export const replyToMessageEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/messages/:ticketNumber/reply',
  params: ticketParams,
  body: replySchema,
  responses: { 201: inboxThreadSchema, ...adminErrors, 404: messageSchema },
});

export type InboxMessage = z.infer<typeof inboxMessageSchema>;
export type InboxThread = z.infer<typeof inboxThreadSchema>;
export type InboxReply = z.infer<typeof inboxReplySchema>;
