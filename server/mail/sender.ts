import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { mailOutbox } from './schema.ts';
import { SEND_DEADLINE_MS, type MailTransport } from './transports.ts';
import { InFlight, Poller } from '../platform/work/poller.ts';
import { LeaseKeeper } from '../platform/work/leases.ts';
import { inTurn, workThroughClaims } from '../platform/work/claims.ts';
import { describeError } from '../platform/http/logger.ts';
import { unsubscribeHeaders } from './unsubscribe.ts';

export interface MailSenderOptions {
  /** How often start() looks for due mails. */
  pollMs?: number;
  /** Mails claimed per round trip; by default as many as the transport sends at once. */
  batchSize?: number;
  /** Attempts before a mail is marked 'failed'. */
  maxAttempts?: number;
  /** How long stop() waits for the sends in flight. */
  stopTimeoutMs?: number;
  /** How long a claim lasts unless renewed (MAIL_LEASE_MS; tests shorten it). */
  leaseMs?: number;
  /** Receives only ids, attempt counts and error messages: mail bodies hold sign-in tokens. */
  log?: (msg: string, err?: unknown) => void;
  /** Modules' stop-link prefixes (extension point `mail.unsubscribeLinks`), read at each send. */
  unsubscribeLinks?: readonly string[];
}

type ClaimedMail = typeof mailOutbox.$inferSelect;

/**
 * How long a claimed mail stays hidden from other senders unless renewed. It is renewed every third of this while
 * the mail is being sent (LeaseKeeper), so the mails a process that died had claimed go out within this, and a
 * slow send keeps its claim: nothing is sent twice (decision 0021).
 */
export const MAIL_LEASE_MS = 20_000;
const FIRST_RETRY_SECONDS = 30;
const MAX_RETRY_SECONDS = 3600;
const MAX_ERROR_LENGTH = 1000;

const defaultLog = (msg: string, err?: unknown) => console.error(msg, err === undefined ? '' : describeError(err));
const errorMessage = (err: unknown) => describeError(err).slice(0, MAX_ERROR_LENGTH);

/** Settles when `work` does or, should a transport ignore the signal, rejects once the signal aborts. */
function bounded(work: Promise<void>, signal: AbortSignal): Promise<void> {
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new Error(`Send took over ${SEND_DEADLINE_MS / 1000} s`));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([work, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}

/** The attempt count fences a claim: a sender whose lease ran out and whose mail was claimed again changes nothing. */
const stillOurs = (mail: ClaimedMail) => and(eq(mailOutbox.id, mail.id), eq(mailOutbox.attempts, mail.attempts));

/** Sends queued mails, retrying with exponential backoff; safe to run in several app processes at once. */
export class MailSender {
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly maxAttempts: number;
  private readonly stopTimeoutMs: number;
  private readonly log: (msg: string, err?: unknown) => void;
  private readonly unsubscribeLinkPrefixes: string[] = [];
  private readonly contributedPrefixes: readonly string[];
  /** How long a claim lasts unless renewed: should the process die, its mails in flight go out after this. */
  readonly leaseMs: number;
  private stopping = false;
  private readonly poller: Poller;
  private readonly leases: LeaseKeeper<ClaimedMail>;
  /** The drains going on now. */
  private readonly draining = new InFlight();

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    options: MailSenderOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 5000;
    this.concurrency = Math.max(1, transport.concurrency ?? 1);
    this.batchSize = options.batchSize ?? this.concurrency;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 5000;
    this.log = options.log ?? defaultLog;
    this.leaseMs = options.leaseMs ?? MAIL_LEASE_MS;
    this.contributedPrefixes = options.unsubscribeLinks ?? [];
    this.leases = new LeaseKeeper((held) => this.renew(held), this.leaseMs, this.log);
    this.poller = new Poller(() => this.drain(), { pollMs: this.pollMs, log: this.log, name: 'Mail sender' });
  }

  /**
   * A module's stop links start with `prefix`: a mail whose text holds one is sent with List-Unsubscribe and
   * List-Unsubscribe-Post for it (decision 0049).
   */
  unsubscribeLinksStartWith(prefix: string): void {
    this.unsubscribeLinkPrefixes.push(prefix);
  }

  /** Sends on its own timer; a shop runs drain() from its job runner instead (decision 0019). */
  start(): void {
    if (!this.stopping) this.poller.start();
  }

  /** Claims no more mails; the ones being sent finish, and those claimed but not started are handed back. */
  stopClaiming(): void {
    this.stopping = true;
  }

  /**
   * Claims nothing more, waits up to `timeoutMs` (stopTimeoutMs) for the sends in flight, then closes the
   * transport. A send still running then keeps its claim until its lease runs out; then it is sent again.
   */
  async stop(timeoutMs = this.stopTimeoutMs): Promise<void> {
    this.stopping = true;
    this.poller.stopRounds();
    await this.draining.ended(timeoutMs);
    this.leases.stop();
    await this.transport.close?.();
  }

  /** Sends every mail that is due now; returns how many were delivered. */
  drain(): Promise<number> {
    return this.draining.track(this.sendDue());
  }

  private sendDue(): Promise<number> {
    return workThroughClaims({
      claim: () => this.claim(),
      leases: this.leases,
      stopping: () => this.stopping,
      work: (batch) => this.sendBatch(batch),
    });
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
        nextAttemptAt: this.leaseEnd(),
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  private leaseEnd() {
    return sql`now() + make_interval(secs => ${this.leaseMs / 1000})`;
  }

  /** Pushes back the next attempt of the mails this sender still sends or holds (fenced by their attempt count). */
  private renew(held: ClaimedMail[]) {
    return this.db
      .update(mailOutbox)
      .set({ nextAttemptAt: this.leaseEnd() })
      .where(and(eq(mailOutbox.status, 'pending'), or(...held.map(stillOurs))));
  }

  /** Sends `concurrency` mails at a time. Once stopping, the mails not started yet are handed back. */
  private async sendBatch(batch: ClaimedMail[]): Promise<number> {
    const stopping = () => this.stopping;
    const { succeeded, notStarted } = await inTurn(batch, { concurrency: this.concurrency, stopping }, (mail) =>
      this.deliver(mail),
    );
    await this.release(notStarted);
    return succeeded.length;
  }

  /** Records the outcome the moment the server answers, so a crash re-sends at most the mails in flight. */
  private async deliver(mail: ClaimedMail): Promise<boolean> {
    const deadline = AbortSignal.timeout(SEND_DEADLINE_MS);
    let error: string | undefined;
    try {
      const headers = unsubscribeHeaders(mail.text, [...this.contributedPrefixes, ...this.unsubscribeLinkPrefixes]);
      await bounded(this.transport.send({ ...mail, headers }, deadline), deadline);
    } catch (err) {
      error = errorMessage(err);
    }
    try {
      await this.leases.drop([mail]);
      await (error === undefined ? this.markSent(mail) : this.reschedule(mail, error));
    } catch (err) {
      // The other mails in flight still get recorded; this one comes back when its lease runs out.
      this.log(`Mail ${mail.id}: outcome not recorded`, err);
    }
    return error === undefined;
  }

  private async markSent(mail: ClaimedMail): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
      .where(eq(mailOutbox.id, mail.id));
  }

  /** Claimed but never tried: due again at once, and the claim does not count as an attempt. */
  private async release(mails: ClaimedMail[]): Promise<void> {
    if (mails.length === 0) return;
    await this.leases.drop(mails);
    await this.db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} - 1`, nextAttemptAt: sql`now()` })
      .where(or(...mails.map(stillOurs)));
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
      .where(stillOurs(mail));
    const outcome = givingUp ? 'giving up' : `retrying in ${retrySeconds} s`;
    this.log(`Mail ${mail.id}: attempt ${mail.attempts} failed, ${outcome}: ${error}`);
  }
}
