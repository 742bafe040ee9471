import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testShopFor } from '../testing/harness.ts';
import { signedInAdmin, type SignedInAdmin } from '../testing/admin-session.ts';
import { mailOutbox } from '../mail/schema.ts';
import { MESSAGE_NOT_FOUND } from './inbox.ts';
import { replySubject, ticketLabel } from './mails.ts';
import type { InboxMessage, InboxThread } from '../../core/contracts/admin-messages.ts';

const SHOP_NAME = 'Aangan Decor';
const SHOP_EMAIL = 'care@aangan.test';
const shop = testShopFor({ SEED_DEMO: 'false', SHOP_NAME, SHOP_EMAIL, CONTACT_MESSAGES_PER_HOUR: '1000' });
let support: SignedInAdmin;
beforeAll(async () => {
  support = await signedInAdmin(shop(), 'staff');
});
/** A back-office request of a signed-in staff admin: its session cookie and CSRF header. */
const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  shop().app.inject({ method, url, headers: support.headers, ...(payload ? { payload } : {}) });

/** Sends a message through the contact form; its ticket number, the newest. */
async function received(changes: Record<string, string> = {}): Promise<number> {
  const payload = {
    fullname: 'Asha Verma',
    email: 'asha@example.in',
    phone: '9876543210',
    message: 'Is the brass diya set back in stock?',
    ...changes,
  };
  const response = await shop().app.inject({ method: 'POST', url: '/api/contact', payload });
  expect(response.statusCode, response.body).toBe(201);
  const { messages } = await shop().services.contact.inbox.list({ status: 'all', limit: 1 });
  return messages[0]!.ticketNumber;
}

async function ok<T>(method: 'GET' | 'POST', url: string, payload?: object, status = 200): Promise<T> {
  const response = await asAdmin(method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

const tickets = async (query: string) =>
  (await ok<{ messages: InboxMessage[] }>('GET', `/api/admin/messages?${query}`)).messages.map(
    (message) => message.ticketNumber,
  );
const auditOf = (ticket: number) =>
  shop().services.audit.search({ targetType: 'message', targetId: String(ticket), limit: 10 });

describe('the contact inbox', () => {
  it('lists newest first, unread or read, by words or ticket, a page at a time', async () => {
    const first = await received({ fullname: 'Ravi Kumar', message: 'Do you ship to Guwahati?' });
    const second = await received({ email: 'meera@example.in', message: '100% cotton? Asking_for a friend' });
    const third = await received();
    await ok('POST', `/api/admin/messages/${second}/read`);

    expect(await tickets('')).toEqual([third, second, first]);
    expect(await tickets('status=unread')).toEqual([third, first]);
    expect(await tickets('status=read')).toEqual([second]);
    expect(await tickets('q=guwahati')).toEqual([first]);
    expect(await tickets('q=MEERA@')).toEqual([second]);
    expect(await tickets('q=100%25')).toEqual([second]);
    expect(await tickets(`q=${encodeURIComponent(ticketLabel(first))}`)).toEqual([first]);

    const page = await ok<{ messages: InboxMessage[]; next: number }>('GET', '/api/admin/messages?limit=2');
    expect(page.messages.map((message) => message.ticketNumber)).toEqual([third, second]);
    expect(page.next).toBe(second);
    expect(await tickets(`limit=2&before=${page.next}`)).toEqual([first]);
    expect(page.messages[1]).toMatchObject({ email: 'meera@example.in', phone: '9876543210', replyCount: 0 });
  });

  it('shows a message without marking it read; read and unread are audited once each', async () => {
    const ticket = await received();
    const unreadBefore = await shop().services.contact.unreadCount();
    const thread = await ok<InboxThread>('GET', `/api/admin/messages/${ticket}`);
    expect(thread).toMatchObject({ ticketNumber: ticket, readAt: null, replies: [] });

    const read = await ok<InboxMessage>('POST', `/api/admin/messages/${ticket}/read`);
    expect(read.readAt).not.toBeNull();
    expect(await shop().services.contact.unreadCount()).toBe(unreadBefore - 1);
    expect(await ok<InboxMessage>('POST', `/api/admin/messages/${ticket}/read`)).toEqual(read);
    const [readEntry] = await auditOf(ticket);
    expect(readEntry).toMatchObject({
      action: 'message.read',
      adminEmail: support.email,
      before: { readAt: null },
      after: { readAt: read.readAt },
    });

    expect((await ok<InboxMessage>('POST', `/api/admin/messages/${ticket}/unread`)).readAt).toBeNull();
    await ok('POST', `/api/admin/messages/${ticket}/unread`);
    expect(await shop().services.contact.unreadCount()).toBe(unreadBefore);
    const entries = await auditOf(ticket);
    expect(entries.map((entry) => entry.action)).toEqual(['message.unread', 'message.read']);
    expect(entries[0]).toMatchObject({ before: { readAt: read.readAt }, after: { readAt: null } });
  });

  it('mails a reply to the sender under the ticket, stores it and marks the message read', async () => {
    const ticket = await received({ email: 'kiran@example.in' });
    const text = 'Yes, it is back in stock.\nThe <b>brass</b> set ships tomorrow.';
    const thread = await ok<InboxThread>('POST', `/api/admin/messages/${ticket}/reply`, { message: text }, 201);
    expect(thread.readAt).not.toBeNull();
    expect(thread.replyCount).toBe(1);
    expect(thread.replies).toEqual([
      { id: expect.any(String), adminEmail: support.email, message: text, createdAt: expect.any(String) },
    ]);
    expect(await ok<InboxThread>('GET', `/api/admin/messages/${ticket}`)).toEqual(thread);

    const [mail] = await shop()
      .services.database.db.select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'kiran@example.in'))
      .orderBy(desc(mailOutbox.createdAt));
    expect(mail!.subject).toBe(replySubject(ticket, SHOP_NAME));
    expect(mail!.subject).toBe(`Re: [Ticket #${ticket}] Your message to ${SHOP_NAME}`);
    expect(mail!.text).toContain(text);
    expect(mail!.text).toContain(ticketLabel(ticket));
    expect(mail!.text).toContain(SHOP_EMAIL);
    expect(mail!.replyTo).toBe(SHOP_EMAIL);
    expect(mail!.html).toContain('The &lt;b&gt;brass&lt;/b&gt; set');
    expect(mail!.html).not.toContain('<b>brass</b>');

    const [entry] = await auditOf(ticket);
    expect(entry).toMatchObject({
      action: 'message.reply',
      before: { readAt: null },
      after: { readAt: thread.readAt, replyId: thread.replies[0]!.id, reply: text },
    });
    // A second reply keeps the first read time.
    const again = await ok<InboxThread>('POST', `/api/admin/messages/${ticket}/reply`, { message: 'Shipped.' }, 201);
    expect(again.readAt).toBe(thread.readAt);
    expect(again.replies.map((reply) => reply.message)).toEqual([text, 'Shipped.']);
  });

  it('answers 404 for an unknown ticket and 400 for bad input, storing and mailing nothing', async () => {
    const ticket = await received();
    const mails = async () => (await shop().services.database.db.select().from(mailOutbox)).length;
    const mailed = await mails();
    for (const [method, url, payload, status, message] of [
      ['GET', '/api/admin/messages/99999999', undefined, 404, MESSAGE_NOT_FOUND],
      ['POST', '/api/admin/messages/99999999/reply', { message: 'Hello' }, 404, MESSAGE_NOT_FOUND],
      ['POST', '/api/admin/messages/99999999/read', undefined, 404, MESSAGE_NOT_FOUND],
      ['GET', '/api/admin/messages/abc', undefined, 400, 'The ticket number is its digits, e.g. 100001'],
      ['POST', `/api/admin/messages/${ticket}/reply`, { message: '  ' }, 400, 'Write a reply'],
      [
        'POST',
        `/api/admin/messages/${ticket}/reply`,
        { message: 'x'.repeat(5001) },
        400,
        'Must be at most 5000 characters',
      ],
      ['GET', '/api/admin/messages?status=archived', undefined, 400, 'status must be unread, read or all'],
      ['GET', '/api/admin/messages?before=%23100001', undefined, 400, 'before must be a ticket number'],
    ] as const) {
      const response = await asAdmin(method, url, payload);
      expect(response.statusCode, url).toBe(status);
      expect(response.json(), url).toEqual({ message });
    }
    expect(await mails()).toBe(mailed);
    expect((await ok<InboxThread>('GET', `/api/admin/messages/${ticket}`)).replies).toEqual([]);
    expect(await auditOf(ticket)).toEqual([]);
  });

  it('is refused to anyone the guard has not let in', async () => {
    const ticket = await received();
    const response = await shop().app.inject({
      method: 'POST',
      url: `/api/admin/messages/${ticket}/reply`,
      payload: { message: 'Hello' },
    });
    expect(response.statusCode).toBe(403);
    expect((await ok<InboxThread>('GET', `/api/admin/messages/${ticket}`)).replies).toEqual([]);
  });
});
