import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { mailTestShop } from '../testing/mail.ts';
import { startSmtpServer } from '../testing/smtp-server.ts';
import { outboxRow as fixtureRow, sampleMail, silent, smtpTransport } from './fixtures.ts';
import { mailOutbox } from './schema.ts';
import { MailSender } from './sender.ts';
import { LocalMailbox } from './transports.ts';
import { devMailboxRoutes } from './routes.ts';
import { layout } from '../platform/mail/templates.ts';

const { db, outbox } = mailTestShop();

const mail = sampleMail;
const outboxRow = (id: string) => fixtureRow(db(), id);

describe('MailSender over SMTP', () => {
  it('delivers a queued mail with its recipient, subject, text and HTML', async () => {
    const smtp = await startSmtpServer();
    const sender = new MailSender(db(), smtpTransport(smtp.port), { log: silent });
    try {
      const id = await outbox().enqueue(mail(1));

      expect(await sender.drain()).toBe(1);
      expect(smtp.received).toHaveLength(1);
      const [received] = smtp.received;
      expect(received!.to).toMatchObject({ text: 'buyer1@example.test' });
      expect(received!.from).toMatchObject({ value: [{ address: 'shop@example.test', name: 'Test Shop' }] });
      expect(received!.subject).toBe('Order 1 confirmed');
      expect(received!.text?.trim()).toBe('Thank you for order 1. Secret token tok-1');
      expect(received!.html).toContain('<p>Thank you for order <b>1</b>.</p>');
      expect(received!.html).toContain('#963f1d');

      const row = await outboxRow(id);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(await sender.drain()).toBe(0);
    } finally {
      await sender.stop();
      await smtp.close();
    }
  });

  it('gives a mail with a registered stop link List-Unsubscribe and one-click List-Unsubscribe-Post', async () => {
    const smtp = await startSmtpServer();
    const sender = new MailSender(db(), smtpTransport(smtp.port), { log: silent });
    const prefix = 'https://shop.example.in/api/stop?token=';
    sender.unsubscribeLinksStartWith(prefix);
    try {
      await outbox().enqueue({
        ...mail(7),
        text: `Back in stock.\nTo stop these mails, open: ${prefix}u1.sig-_9\nShop`,
      });
      await outbox().enqueue(mail(8));
      expect(await sender.drain()).toBe(2);
      const headersOf = (subject: string) => {
        const received = smtp.received.find((message) => message.subject === subject)!;
        return Object.fromEntries(
          received.headerLines
            .filter((line) => line.key.startsWith('list-unsubscribe'))
            .map((line) => [line.key, line.line.slice(line.line.indexOf(':') + 1).trim()]),
        );
      };
      expect(headersOf('Order 7 confirmed')).toEqual({
        'list-unsubscribe': `<${prefix}u1.sig-_9>`,
        'list-unsubscribe-post': 'List-Unsubscribe=One-Click',
      });
      expect(headersOf('Order 8 confirmed')).toEqual({});
    } finally {
      await sender.stop();
      await smtp.close();
    }
  });

  it('keeps the mail while the server is down, then delivers it once when due again', async () => {
    const probe = await startSmtpServer();
    const port = probe.port;
    await probe.close(); // nothing listens on the port now: connection refused
    const logs: string[] = [];
    const sender = new MailSender(db(), smtpTransport(port), { log: (msg, err) => logs.push(`${msg} ${String(err)}`) });
    const id = await outbox().enqueue(mail(2));

    expect(await sender.drain()).toBe(0);
    const failed = await outboxRow(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(logs.join('\n')).toContain(id);
    expect(logs.join('\n')).not.toContain('tok-2');
    expect(await sender.drain()).toBe(0); // not due yet

    const smtp = await startSmtpServer(port);
    try {
      await db().update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.id, id));
      expect(await sender.drain()).toBe(1);
      expect(await sender.drain()).toBe(0);
      expect(smtp.received.map((received) => received.subject)).toEqual(['Order 2 confirmed']);
      expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await sender.stop();
      await smtp.close();
    }
  });

  it('marks a mail failed after maxAttempts', async () => {
    const sender = new MailSender(
      db(),
      { send: () => Promise.reject(new Error('550 no such user')) },
      {
        maxAttempts: 2,
        log: silent,
      },
    );
    const id = await outbox().enqueue(mail(3));
    await sender.drain();
    await db().update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.id, id));
    await sender.drain();
    expect(await outboxRow(id)).toMatchObject({ status: 'failed', attempts: 2, lastError: '550 no such user' });
  });

  it('delivers each mail exactly once when two senders drain at the same time', async () => {
    const smtp = await startSmtpServer();
    const senders = [1, 2].map(() => new MailSender(db(), smtpTransport(smtp.port), { batchSize: 2, log: silent }));
    try {
      for (let n = 1; n <= 10; n++) await outbox().enqueue(mail(n));

      const counts = await Promise.all(senders.map((sender) => sender.drain()));

      expect(counts[0]! + counts[1]!).toBe(10);
      const subjects = smtp.received.map((received) => received.subject).sort();
      expect(subjects).toEqual(Array.from({ length: 10 }, (_, i) => `Order ${i + 1} confirmed`).sort());
      const rows = await db().select().from(mailOutbox);
      expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(senders.map((sender) => sender.stop()));
      await smtp.close();
    }
  });

  it('start() sends queued mails in the background and stop() waits for it', async () => {
    const mailbox = new LocalMailbox(db());
    const sender = new MailSender(db(), mailbox, { pollMs: 20, log: silent });
    sender.start();
    try {
      const id = await outbox().enqueue(mail(4));
      await expect.poll(async () => (await outboxRow(id)).status, { timeout: 5000 }).toBe('sent');
    } finally {
      await sender.stop();
    }
    expect(await mailbox.list(10)).toHaveLength(1);
  });
});

describe('local mailbox', () => {
  it('stores mails and shows them, escaped, at /dev/mailbox', async () => {
    const mailbox = new LocalMailbox(db());
    const sender = new MailSender(db(), mailbox, { log: silent });
    await outbox().enqueue(mail(5));
    await outbox().enqueue({
      to: 'eve@example.test',
      subject: '<script>alert("x")</script> & more',
      text: 'Plain <b>text</b>',
      html: layout('Test Shop', 'Hi', '<p>Go <a href="https://shop.example.test/verify?a=1&amp;b=2">here</a></p>'),
    });
    expect(await sender.drain()).toBe(2);

    const stored = await mailbox.list(50);
    expect(stored.map((entry) => entry.to).sort()).toEqual(['buyer5@example.test', 'eve@example.test']);

    const app = Fastify();
    await app.register(devMailboxRoutes, { mailbox });
    try {
      const list = await app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-type']).toContain('text/html');
      expect(list.body).toContain('Order 5 confirmed');
      expect(list.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
      expect(list.body).not.toContain('<script>');
      const evil = stored.find((entry) => entry.to === 'eve@example.test')!;
      expect(list.body).toContain(`href="/dev/mailbox/${evil.id}"`);

      const page = await app.inject({ method: 'GET', url: `/dev/mailbox/${evil.id}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('<script>');
      expect(page.body).toContain('<h1>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more</h1>');
      expect(page.body).toContain('<pre>Plain &lt;b&gt;text&lt;/b&gt;</pre>');
      const iframe = /<iframe[^>]*sandbox="([^"]*)"[^>]*srcdoc="([^"]*)"/.exec(page.body)!;
      expect(iframe[1]).toContain('allow-top-navigation-by-user-activation');
      expect(iframe[1]).toContain('allow-popups');
      expect(iframe[1]).not.toContain('allow-scripts');
      expect(iframe[2]).toContain('&lt;a href=&quot;https://shop.example.test/verify?a=1&amp;amp;b=2&quot;&gt;');
      expect(iframe[2]).toContain('&lt;base target=&quot;_top&quot;&gt;');

      expect((await app.inject({ method: 'GET', url: '/dev/mailbox/not-a-uuid' })).statusCode).toBe(404);
      const missing = await app.inject({ method: 'GET', url: '/dev/mailbox/00000000-0000-4000-8000-000000000000' });
      expect(missing.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
