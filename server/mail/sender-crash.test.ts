import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailTestShop } from '../testing/mail.ts';
import { startSmtpServer } from '../testing/smtp-server.ts';
import type { Db } from '../platform/db/client.ts';
import type { OutgoingMail } from '../platform/mail/face.ts';
import { outboxRow, sampleMail, silent, smtpTransport } from './fixtures.ts';
import { mailOutbox } from './schema.ts';
import { MailSender } from './sender.ts';
import { LocalMailbox, type MailTransport } from './transports.ts';

const { shop, db, outbox } = mailTestShop();
/** A second process's database where there can be one (PostgreSQL); PGlite has one connection. */
let otherDb: Db;
beforeAll(async () => {
  otherDb = process.env.TEST_DB === 'postgres' ? (await shop().openPeer()).database.db : db();
});

/** A lease short enough for a test to outlast it; renewed every third of it. */
const SHORT_LEASE_MS = 600;
const never = () => new Promise<void>(() => {});
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const enqueue = async (count: number) => {
  const ids: string[] = [];
  for (let n = 1; n <= count; n++) ids.push(await outbox().enqueue(sampleMail(n)));
  return ids;
};

/** A transport whose sends wait until the test lets them through. */
function gatedTransport(concurrency: number) {
  const started: string[] = [];
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  let closed = false;
  const transport: MailTransport = {
    concurrency,
    async send(mail: OutgoingMail) {
      started.push(mail.to);
      await gate;
    },
    async close() {
      closed = true;
    },
  };
  return { transport, started, open, isClosed: () => closed };
}

describe('MailSender after a crash', () => {
  it("marks each mail sent as its server accepts it; the rest go out once the dead sender's short lease runs out", async () => {
    await enqueue(3);
    const accepted: string[] = [];
    // Accepts one mail, then the process dies with the other two in flight.
    const dying: MailTransport = {
      concurrency: 3,
      send: (mail) => (accepted.push(mail.to) === 1 ? Promise.resolve() : never()),
    };
    const crashed = new MailSender(db(), dying, { log: silent, leaseMs: SHORT_LEASE_MS });
    void crashed.drain().catch(() => {}); // never finishes, as if killed

    const sentRows = () => db().select().from(mailOutbox).where(eq(mailOutbox.status, 'sent'));
    await expect.poll(async () => (await sentRows()).length).toBe(1);
    expect((await sentRows()).map((row) => row.to)).toEqual([accepted[0]]);
    const unsent = await db().select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
    expect(unsent).toHaveLength(2);
    for (const row of unsent) {
      expect(row.attempts).toBe(1);
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + SHORT_LEASE_MS);
    }
    await crashed.stop(0); // dead: its claims are renewed no more

    const mailbox = new LocalMailbox(otherDb);
    const survivor = new MailSender(otherDb, mailbox, { log: silent, leaseMs: SHORT_LEASE_MS });
    expect(await survivor.drain()).toBe(0); // still leased
    await pause(SHORT_LEASE_MS + 200); // the lease runs out
    expect(await survivor.drain()).toBe(2);

    const delivered = (await mailbox.list(10)).map((stored) => stored.to).sort();
    expect(delivered).toEqual(unsent.map((row) => row.to).sort());
    expect(delivered).not.toContain(accepted[0]);
    const rows = await db().select().from(mailOutbox);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('claims for 30 s at most unless renewed, so a dead process leaves its mails waiting no longer', () => {
    expect(new MailSender(db(), new LocalMailbox(db())).leaseMs).toBeLessThanOrEqual(30_000);
  });

  it('keeps the claim of a mail whose send takes longer than its lease: no other sender sends it', async () => {
    const [id] = await enqueue(1);
    const sends: string[] = [];
    const slow: MailTransport = {
      send: async (mail) => {
        sends.push(`slow ${mail.to}`);
        await pause(2000);
      },
    };
    const quick: MailTransport = { send: async (mail) => void sends.push(`other ${mail.to}`) };
    const first = new MailSender(db(), slow, { log: silent, leaseMs: SHORT_LEASE_MS });
    const second = new MailSender(otherDb, quick, { log: silent, leaseMs: SHORT_LEASE_MS });

    const sending = first.drain();
    await expect.poll(() => sends.length).toBe(1);
    for (let tries = 0; tries < 8; tries++) {
      expect(await second.drain()).toBe(0);
      await pause(150);
    }
    expect(await sending).toBe(1);
    expect(sends).toEqual(['slow buyer1@example.test']);
    expect(await outboxRow(db(), id!)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('MailSender over a connection pool', () => {
  it('sends a burst over a few connections, each mail exactly once, and closes them on stop', async () => {
    const smtp = await startSmtpServer();
    const transport = smtpTransport(smtp.port);
    const sender = new MailSender(db(), transport, { log: silent });
    try {
      await enqueue(30);
      expect(await sender.drain()).toBe(30);

      const subjects = smtp.received.map((received) => received.subject).sort();
      expect(subjects).toEqual(Array.from({ length: 30 }, (_, i) => `Order ${i + 1} confirmed`).sort());
      expect(smtp.connections).toBeGreaterThan(1); // sent side by side
      expect(smtp.connections).toBeLessThanOrEqual(5);
      expect(smtp.connections).toBeLessThanOrEqual(transport.concurrency);
      const rows = await db().select().from(mailOutbox);
      expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    } finally {
      await sender.stop();
    }
    const closing = Date.now();
    await smtp.close(); // waits for the client to hang up, or 1 s
    expect(Date.now() - closing).toBeLessThan(800);
  });
});

describe('MailSender.stop()', () => {
  // A batch of 1 shows that no new claim is made; a batch of 3 that claimed mails not started yet are handed back.
  it.each([1, 3])(
    'lets the send in flight finish and record itself, and sends nothing more (batch of %i)',
    async (batchSize) => {
      await enqueue(3);
      const { transport, started, open, isClosed } = gatedTransport(1);
      const sender = new MailSender(db(), transport, { pollMs: 20, batchSize, log: silent });
      sender.start();
      await expect.poll(() => started.length).toBe(1);

      const stopping = Date.now();
      let stopped = false;
      const stop = sender.stop().then(() => (stopped = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stopped).toBe(false); // still waiting for the send
      open();
      await stop;
      expect(Date.now() - stopping).toBeLessThan(3000);

      await new Promise((resolve) => setTimeout(resolve, 100)); // several poll intervals
      expect(started).toHaveLength(1);
      const rows = await db().select().from(mailOutbox);
      expect(rows.find((row) => row.to === started[0])).toMatchObject({ status: 'sent', attempts: 1 });
      const rest = rows.filter((row) => row.to !== started[0]);
      expect(rest).toHaveLength(2);
      for (const row of rest) {
        expect(row).toMatchObject({ status: 'pending', attempts: 0 });
        expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
      }
      expect(isClosed()).toBe(true);
    },
  );

  it('gives up waiting after its timeout, leaving the mail to its lease', async () => {
    const [id] = await enqueue(1);
    const { transport, started, isClosed } = gatedTransport(1); // never opened
    const sender = new MailSender(db(), transport, { pollMs: 20, stopTimeoutMs: 300, log: silent });
    sender.start();
    await expect.poll(() => started.length).toBe(1);

    const stopping = Date.now();
    await sender.stop();
    expect(Date.now() - stopping).toBeLessThan(2000);
    expect(isClosed()).toBe(true);
    const row = await outboxRow(db(), id!);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + sender.leaseMs);
  });
});
