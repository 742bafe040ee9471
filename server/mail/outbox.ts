import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { MailOutbox as Outbox, OutgoingMail } from '../platform/mail/face.ts';
import { mailOutbox } from './schema.ts';

/** Queues mails in the database, so a mail is sent exactly when the change that caused it is committed. */
export class MailOutbox implements Outbox {
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

  /** How many mails wait to be sent (the metrics' shop_mail_outbox_pending). */
  async pendingCount(): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(sql`${mailOutbox.status} = 'pending'`);
    return row?.count ?? 0;
  }
}
