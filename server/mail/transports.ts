import { desc, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { SMTPPoolOptions } from 'nodemailer/lib/smtp-pool';
import type { Db } from '../platform/db/client.ts';
import type { OutgoingMail } from '../platform/mail/face.ts';
import { devMailbox } from './schema.ts';

export interface MailTransport {
  /** Resolves once the mail is accepted; rejects so the sender retries later, also when `signal` aborts. */
  send(mail: OutgoingMail, signal?: AbortSignal): Promise<void>;
  /** How many sends may run at once; 1 when absent. */
  readonly concurrency?: number;
  /** Releases connections; a send still running may fail. */
  close?(): Promise<void>;
}

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
/**
 * The longest one send may take: a new connection, its greeting, and one full socket timeout. The sender
 * aborts a send after this, so a claimed mail can be released for retry soon after.
 */
export const SEND_DEADLINE_MS =
  SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout;
/** A burst goes out over a few reused connections instead of one connection per mail. */
const POOL = { pool: true, maxConnections: 4, maxMessages: 100 } as const;

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?)$/i;

/** Delivers through an SMTP server given as smtp://user:pass@host:port or smtps://…; query options go to nodemailer. */
export class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter<unknown, SMTPPoolOptions>;
  readonly concurrency: number;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    const parsed = new URL(url);
    // A plain local relay (a test server, a dev catcher) often offers STARTTLS without a usable certificate.
    const ignoreTLS =
      parsed.searchParams.get('ignoreTLS') === 'true' ||
      (parsed.protocol === 'smtp:' && LOOPBACK_HOSTS.test(parsed.hostname));
    // Fail fast so one unreachable server cannot stall the sender; the mail is retried later.
    this.transporter = nodemailer.createTransport({ url, ignoreTLS, ...SMTP_TIMEOUTS, ...POOL });
    // Query options in the URL win over ours; send no more at once than the pool has connections.
    const { pool, maxConnections } = this.transporter.options;
    this.concurrency = pool ? (maxConnections ?? POOL.maxConnections) : 1;
  }

  async send(mail: OutgoingMail, signal?: AbortSignal): Promise<void> {
    const { to, subject, text, html, replyTo, headers } = mail;
    await this.transporter.sendMail({
      from: this.from,
      to,
      subject,
      text,
      html,
      signal,
      ...(replyTo && { replyTo }),
      ...(headers && { headers }),
    });
  }

  async close(): Promise<void> {
    this.transporter.close({ force: true });
  }
}

export type StoredMail = typeof devMailbox.$inferSelect;
export type StoredMailSummary = Pick<StoredMail, 'id' | 'to' | 'subject' | 'createdAt'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Development and tests without an SMTP server: mails land in a table, readable at /dev/mailbox. */
export class LocalMailbox implements MailTransport {
  constructor(private readonly db: Db) {}

  async send(mail: OutgoingMail): Promise<void> {
    const { to, subject, text, html, replyTo } = mail;
    await this.db.insert(devMailbox).values({ to, subject, text, html, replyTo: replyTo ?? null });
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
