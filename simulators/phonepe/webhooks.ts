import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/** Where the merchant's dashboard says to send webhooks, and the credentials it set there. */
export interface WebhookTarget {
  /** Read at each event, so a test can point it at a receiver started later; null sends nothing. */
  url: () => string | null;
  username: string;
  password: string;
}

export type SimulatorLog = (message: string, error?: unknown) => void;

/** PhonePe's webhook `Authorization`: the lower-case hex SHA-256 of "username:password" (the body is not covered). */
export const webhookAuthorization = (username: string, password: string): string =>
  createHash('sha256').update(`${username}:${password}`).digest('hex');

const TIMEOUT_MS = 5000;
const RETRY_DELAYS_MS = [250, 1000, 3000];

/**
 * Sends webhooks as PhonePe does: after the change is committed, never holding up the answer that caused it,
 * retried a few times with backoff. A delivery that still fails is logged and dropped (the merchant reconciles
 * by status checks, as with PhonePe).
 */
export class WebhookSender {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly closing = new AbortController();

  constructor(
    private readonly target: WebhookTarget,
    private readonly log: SimulatorLog,
  ) {}

  send(event: string, payload: object): void {
    const url = this.target.url();
    if (!url || this.closing.signal.aborted) return;
    // `type` is PhonePe's deprecated twin of `event`; it still sends it (CHECKOUT_ORDER_COMPLETED, …).
    const body = JSON.stringify({ event, type: event.toUpperCase().replaceAll('.', '_'), payload });
    const delivery = this.deliver(url, event, body).finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  private async deliver(url: string, event: string, body: string): Promise<void> {
    const { username, password } = this.target;
    for (let attempt = 0; ; attempt++) {
      let failure: unknown;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: webhookAuthorization(username, password) },
          body,
          signal: AbortSignal.any([this.closing.signal, AbortSignal.timeout(TIMEOUT_MS)]),
        });
        await response.arrayBuffer();
        if (response.ok) return;
        failure = new Error(`answered ${response.status}`);
      } catch (error) {
        failure = error;
      }
      const delay = RETRY_DELAYS_MS[attempt];
      if (this.closing.signal.aborted) return;
      if (delay === undefined) {
        this.log(`PhonePe simulator: webhook ${event} to ${url} failed after ${attempt + 1} attempts`, failure);
        return;
      }
      await sleep(delay, undefined, { signal: this.closing.signal }).catch(() => {});
    }
  }

  /** Resolves once every delivery under way has ended. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /** Stops retrying and cuts deliveries under way short. */
  async close(): Promise<void> {
    this.closing.abort();
    await this.idle();
  }
}
