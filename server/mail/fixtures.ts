import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { OutgoingMail } from '../platform/mail/face.ts';
import { mailOutbox } from './schema.ts';
import { SmtpTransport } from './transports.ts';
import { layout } from '../platform/mail/templates.ts';

/** Mail test helpers shared by the sender's test files. */
export const FROM = 'Test Shop <shop@example.test>';
export const smtpTransport = (port: number) => new SmtpTransport(`smtp://127.0.0.1:${port}`, FROM);
export const silent = () => {};

export const sampleMail = (n = 1): OutgoingMail => ({
  to: `buyer${n}@example.test`,
  subject: `Order ${n} confirmed`,
  text: `Thank you for order ${n}. Secret token tok-${n}`,
  html: layout('Test Shop', `Order ${n}`, `<p>Thank you for order <b>${n}</b>.</p>`),
});

export const outboxRow = async (db: Db, id: string) =>
  (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
