import { desc, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import type { OutgoingMail } from './outbox.ts';
import { devMailbox } from './schema.ts';

export interface MailTransport {
  /** Resolves once the mail is accepted; rejects so the sender retries later. */
  send(mail: OutgoingMail): Promise<void>;
}

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?)$/i;

/** Delivers through an SMTP server given as smtp://user:pass@host:port or smtps://…; query options go to nodemailer. */
export class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    const parsed = new URL(url);
    // A plain local relay (a test server, a dev catcher) often offers STARTTLS without a usable certificate.
    const ignoreTLS =
      parsed.searchParams.get('ignoreTLS') === 'true' ||
      (parsed.protocol === 'smtp:' && LOOPBACK_HOSTS.test(parsed.hostname));
    this.transporter = nodemailer.createTransport({
      url,
      ignoreTLS,
      // Fail fast so one unreachable server cannot stall the sender; the mail is retried later.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    const { to, subject, text, html } = mail;
    await this.transporter.sendMail({ from: this.from, to, subject, text, html });
  }
}

export type StoredMail = typeof devMailbox.$inferSelect;
export type StoredMailSummary = Pick<StoredMail, 'id' | 'to' | 'subject' | 'createdAt'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Development and tests without an SMTP server: mails land in a table, readable at /dev/mailbox. */
export class LocalMailbox implements MailTransport {
  constructor(private readonly db: Db) {}

  async send(mail: OutgoingMail): Promise<void> {
    const { to, subject, text, html } = mail;
    await this.db.insert(devMailbox).values({ to, subject, text, html });
  }

  /** The newest mails first, without their bodies. */
  list(limit: number): Promise<StoredMailSummary[]> {
    const { id, to, subject, createdAt } = devMailbox;
    return this.db
      .select({ id, to, subject, createdAt })
      .from(devMailbox)
      .orderBy(desc(createdAt), desc(id))
      .limit(limit);
  }

  async get(id: string): Promise<StoredMail | undefined> {
    if (!UUID.test(id)) return undefined; // PostgreSQL rejects a malformed uuid with an error, not an empty result
    const [mail] = await this.db.select().from(devMailbox).where(eq(devMailbox.id, id));
    return mail;
  }
}

/** SMTP when a URL is configured, otherwise the local mailbox. */
export function createTransport(options: { smtpUrl?: string; from: string; db: Db }): MailTransport {
  return options.smtpUrl ? new SmtpTransport(options.smtpUrl, options.from) : new LocalMailbox(options.db);
}
