import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from './schema.ts';
import type { MailTransport } from './transports.ts';

export interface MailSenderOptions {
  /** How often start() looks for due mails. */
  pollMs?: number;
  /** Mails claimed per round trip. */
  batchSize?: number;
  /** Attempts before a mail is marked 'failed'. */
  maxAttempts?: number;
  /** Receives only ids, attempt counts and error messages: mail bodies hold sign-in tokens. */
  log?: (msg: string, err?: unknown) => void;
}

type ClaimedMail = typeof mailOutbox.$inferSelect;

/**
 * A claimed mail is hidden from other senders for this long. It must outlast sending a whole batch
 * (each send is bounded by the SMTP timeouts); if the process dies mid-batch, the mail is retried after it.
 */
const CLAIM_LEASE = sql`interval '15 minutes'`;
const FIRST_RETRY_SECONDS = 30;
const MAX_RETRY_SECONDS = 3600;
const MAX_ERROR_LENGTH = 1000;

const defaultLog = (msg: string, err?: unknown) => console.error(msg, err instanceof Error ? err.message : (err ?? ''));
const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_LENGTH);

/** Sends queued mails, retrying with exponential backoff; safe to run in several app processes at once. */
export class MailSender {
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly log: (msg: string, err?: unknown) => void;
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    options: MailSenderOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 5000;
    this.batchSize = options.batchSize ?? 10;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.log = options.log ?? defaultLog;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Stops polling and waits for the mails being sent. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.polling;
  }

  /** Sends every mail that is due now; returns how many were delivered. */
  async drain(): Promise<number> {
    let sent = 0;
    for (let batch = await this.claim(); batch.length > 0; batch = await this.claim()) {
      const delivered: string[] = [];
      for (const mail of batch) {
        if (await this.deliver(mail)) delivered.push(mail.id);
      }
      await this.markSent(delivered);
      sent += delivered.length;
    }
    return sent;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.polling = this.drain()
        .then(
          () => undefined,
          (err: unknown) => this.log('Mail sender: could not read the outbox', err),
        )
        .finally(() => {
          this.polling = undefined;
          if (this.running) this.schedule(this.pollMs);
        });
    }, delayMs);
    this.timer.unref(); // never keeps the process alive on its own
  }

  /**
   * Takes due mails and pushes their next attempt past the lease, in one statement (its own transaction).
   * FOR UPDATE SKIP LOCKED makes concurrent senders pass over each other's rows instead of taking them twice.
   */
  private claim(): Promise<ClaimedMail[]> {
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(this.batchSize)
      .for('update', { skipLocked: true });
    return this.db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + ${CLAIM_LEASE}`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  private async deliver(mail: ClaimedMail): Promise<boolean> {
    try {
      await this.transport.send(mail);
    } catch (err) {
      await this.reschedule(mail, errorMessage(err));
      return false;
    }
    return true;
  }

  /** One statement per batch. Should the process die before it, the lease runs out and the mails go again. */
  private async markSent(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
      .where(inArray(mailOutbox.id, ids));
  }

  private async reschedule(mail: ClaimedMail, error: string): Promise<void> {
    const givingUp = mail.attempts >= this.maxAttempts;
    const retrySeconds = Math.min(FIRST_RETRY_SECONDS * 2 ** (mail.attempts - 1), MAX_RETRY_SECONDS);
    await this.db
      .update(mailOutbox)
      .set({
        status: givingUp ? 'failed' : 'pending',
        lastError: error,
        nextAttemptAt: sql`now() + make_interval(secs => ${retrySeconds})`,
      })
      .where(eq(mailOutbox.id, mail.id));
    const outcome = givingUp ? 'giving up' : `retrying in ${retrySeconds} s`;
    this.log(`Mail ${mail.id}: attempt ${mail.attempts} failed, ${outcome}: ${error}`);
  }
}
