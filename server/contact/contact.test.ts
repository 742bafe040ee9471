import { beforeEach, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { testShopFor } from '../testing/harness.ts';
import { failedStepOf } from '../platform/db/workflow.ts';
import { mailOutbox } from '../mail/schema.ts';
import { MailOutbox } from '../mail/outbox.ts';
import { RateLimiter, MemoryRateLimitStore } from '../platform/http/rate-limit.ts';
import { contactMessages } from './schema.ts';
import { ContactService } from './service.ts';
import { ticketLabel } from './mails.ts';

const SHOP_EMAIL = 'care@aangan.test';
const shop = testShopFor({ SEED_DEMO: 'false', SHOP_EMAIL, CONTACT_MESSAGES_PER_HOUR: '3' });
const db = () => shop().services.database.db;

const valid = {
  fullname: 'Asha Verma',
  email: 'Asha.Verma@Example.in',
  phone: '9876543210',
  message: 'Is the brass diya set\nback in stock?',
};

/** Each test sends from an address of its own, so the hourly allowance of 3 is the test's. */
let nextAddress = 1;
const send = (payload: unknown, remoteAddress = `198.51.100.${nextAddress}`) =>
  shop().app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });

const stored = () => db().select().from(contactMessages).orderBy(asc(contactMessages.ticketNumber));
const queuedMails = () => db().select().from(mailOutbox).orderBy(asc(mailOutbox.to));

beforeEach(async () => {
  nextAddress += 1;
  await db().delete(contactMessages);
  await db().delete(mailOutbox);
});

describe('POST /api/contact refuses bad input with the spec message of the first bad field', () => {
  it.each([
    ['no fields', {}, 'Enter Name'],
    ['a blank name', { ...valid, fullname: '   ' }, 'Enter Name'],
    ['a name that is not text', { ...valid, fullname: 42 }, 'Enter Name'],
    ['a name under 3 characters', { fullname: 'As' }, 'Enter Fullname'],
    ['no e-mail', { fullname: valid.fullname }, 'Enter Email'],
    ['an invalid e-mail', { fullname: valid.fullname, email: 'asha@' }, 'Email is not valid'],
    ['no phone', { fullname: valid.fullname, email: valid.email }, 'Enter Phone Number'],
    ['a phone of 9 digits', { ...valid, phone: '987654321' }, 'Phone number must be 10 digits.'],
    ['no message', { ...valid, message: '' }, 'Enter your Message'],
    ['a message of blanks', { ...valid, message: ' \n ' }, 'Enter your Message'],
    ['a message over 5000 characters', { ...valid, message: 'x'.repeat(5001) }, 'Must be at most 5000 characters'],
    ['a control character', { ...valid, message: 'Hi\u0000' }, 'Please remove special control characters.'],
  ])('%s', async (_case, payload, message) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await stored()).toEqual([]);
  });

  it.each([
    ['a JSON array', [valid]],
    ['a JSON string', '"hello"'],
    ['broken JSON', '{"fullname":'],
    ['a honeypot that is not text', { ...valid, website: 7 }],
  ])('answers %s with 400, never a 500', async (_case, payload) => {
    const response = await shop().app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
  });
});

describe('POST /api/contact with a valid message', () => {
  it('stores it under a ticket and queues its mail to the shop and its acknowledgement to the sender', async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Sent Successfully' });

    const [row, ...others] = await stored();
    expect(others).toEqual([]);
    expect(row).toMatchObject({ ...valid, email: 'asha.verma@example.in' });
    const ticket = ticketLabel(row!.ticketNumber);
    expect(ticket).toMatch(/^#\d{6,}$/);

    const [toSender, toShop, ...more] = await queuedMails();
    expect(more).toEqual([]);
    expect(toShop).toMatchObject({ to: SHOP_EMAIL, subject: `[Ticket ${ticket}] Message from Asha Verma` });
    expect(toShop!.replyTo?.toLowerCase()).toBe('asha.verma@example.in');
    for (const part of [ticket, valid.fullname, 'asha.verma@example.in', valid.phone, valid.message]) {
      expect(toShop!.text).toContain(part);
    }
    expect(toShop!.html).toContain('Is the brass diya set\nback in stock?');

    expect(toSender).toMatchObject({
      to: 'asha.verma@example.in',
      subject: `We received your message: ticket ${ticket}`,
    });
    expect(toSender!.text).toContain(ticket);
    expect(toSender!.text).toContain('within 48 hours');
    // The address was typed by anyone: nothing else they typed goes to it.
    for (const typed of [valid.fullname, 'brass diya']) {
      expect(toSender!.text).not.toContain(typed);
      expect(toSender!.html).not.toContain(typed);
    }
  });

  it('numbers tickets from a sequence, each once', async () => {
    for (const fullname of ['Asha Verma', 'Ravi Kumar'])
      expect((await send({ ...valid, fullname })).statusCode).toBe(201);
    const [first, second] = await stored();
    expect(second!.ticketNumber).toBeGreaterThan(first!.ticketNumber);
  });

  it('escapes what the sender typed in the HTML of the shop mail', async () => {
    await send({ ...valid, fullname: '<b>Asha</b>', message: '<script>alert(1)</script>' });
    const toShop = (await queuedMails()).find((mail) => mail.to === SHOP_EMAIL)!;
    expect(toShop.html).not.toContain('<script>');
    expect(toShop.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(toShop.html).toContain('&lt;b&gt;Asha&lt;/b&gt;');
  });

  it('takes an empty honeypot as a person', async () => {
    expect((await send({ ...valid, website: '' })).statusCode).toBe(201);
    expect(await stored()).toHaveLength(1);
  });
});

describe("a bot's message (a filled honeypot)", () => {
  it('gets the same answer, and nothing is stored or mailed', async () => {
    const response = await send({ ...valid, website: 'https://cheap-seo.example' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Sent Successfully' });
    expect(await stored()).toEqual([]);
    expect(await queuedMails()).toEqual([]);
  });
});

describe('the hourly allowance per client address', () => {
  it('answers the message after CONTACT_MESSAGES_PER_HOUR with 429 and Retry-After; other addresses still send', async () => {
    for (let index = 0; index < 3; index++) expect((await send(valid, '203.0.113.5')).statusCode).toBe(201);
    const refused = await send(valid, '203.0.113.5');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json().message).toMatch(
      new RegExp(
        `^You have sent many messages in the last hour\\. Please try again in \\d+ minutes?, or write to us at ${SHOP_EMAIL}\\.$`,
      ),
    );
    expect(await stored()).toHaveLength(3);
    expect((await send(valid, '203.0.113.6')).statusCode).toBe(201);
  });

  it("counts a bot's messages too, so the honeypot changes none of its answers", async () => {
    const bot = { ...valid, website: 'spam' };
    for (let index = 0; index < 3; index++) expect((await send(bot, '203.0.113.7')).statusCode).toBe(201);
    expect((await send(bot, '203.0.113.7')).statusCode).toBe(429);
  });

  it('counts an IPv6 client by its /64', async () => {
    for (let index = 0; index < 3; index++) {
      expect((await send(valid, `2001:db8:1:2::${index + 1}`)).statusCode).toBe(201);
    }
    expect((await send(valid, '2001:db8:1:2::99')).statusCode).toBe(429);
  });
});

describe('one transaction', () => {
  it('keeps no ticket and no mail when a step fails, and names the step', async () => {
    const outbox = new MailOutbox(db());
    let queued = 0;
    // The shop's mail is queued, then the acknowledgement fails: both must go, with the ticket.
    const failingOutbox = {
      enqueue: (...args: Parameters<MailOutbox['enqueue']>) =>
        ++queued === 2 ? Promise.reject(new Error('outbox down')) : outbox.enqueue(...args),
    } as MailOutbox;
    const contact = new ContactService({
      database: shop().services.database,
      outbox: failingOutbox,
      audit: shop().services.audit,
      messagesPerHour: 10,
      limiter: new RateLimiter(new MemoryRateLimitStore()),
      shopName: 'Aangan Decor',
      shopEmail: SHOP_EMAIL,
    });
    const error = await contact.receive(valid, '192.0.2.1').catch((thrown: unknown) => thrown);
    expect(failedStepOf(error)).toBe('receiveContactMessage.acknowledgeSender');
    expect(await stored()).toEqual([]);
    expect(await queuedMails()).toEqual([]);
  });
});
