import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { mailOutbox } from './schema.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply should go when not to the From address, e.g. the sender of a contact message. */
  replyTo?: string | null;
  /** Headers a transport adds, made by the sender as it sends (the outbox does not keep them): List-Unsubscribe. */
  headers?: Record<string, string>;
}

/** Queues mails in the database, so a mail is sent exactly when the change that caused it is committed. */
export class MailOutbox {
  constructor(private readonly db: Db) {}

  /** Pass a transaction as db to queue the mail atomically with the other writes in it. */
  async enqueue(mail: OutgoingMail, db: Db = this.db): Promise<string> {
    // Prepared: every order and sign-up runs it.
    const [row] = await db
      .insert(mailOutbox)
      .values({
        to: sql.placeholder('to'),
        subject: sql.placeholder('subject'),
        text: sql.placeholder('text'),
        html: sql.placeholder('html'),
        replyTo: sql.placeholder('replyTo'),
      })
      .returning({ id: mailOutbox.id })
      .prepare('queue-mail')
      .execute({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, replyTo: mail.replyTo ?? null });
    return row!.id;
  }
}
