import { setTimeout as sleep } from 'node:timers/promises';

/** Where the panel's webhook points, and its token (`x-api-key`): read at each delivery, so a test can change them. */
export interface ShiprocketWebhookTarget {
  url: () => string | null;
  token: () => string | null;
}

export type SimulatorLog = (message: string, error?: unknown) => void;

export interface Delivery {
  awb: string;
  statusId: number;
  /** The receiver's answer, or 0 when it could not be reached. */
  answered: number;
}

const TIMEOUT_MS = 5000;
/** A local shop's simulator runs for weeks: only the latest deliveries are kept. */
const MAX_KEPT = 1000;
const RETRY_DELAYS_MS = [250, 1000];

/** Posts tracking webhooks one scan each, retried a little on failure, never holding up the control call. */
export class WebhookSender {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly closing = new AbortController();
  /** What each delivery ended with, for tests: the latest MAX_KEPT. */
  readonly deliveries: Delivery[] = [];

  constructor(
    private readonly target: ShiprocketWebhookTarget,
    private readonly log: SimulatorLog,
  ) {}

  /** Starts the delivery; the promise (which never rejects) ends with it, for callers that keep an order. */
  send(body: { awb: string; shipment_status_id: number }): Promise<void> {
    const url = this.target.url();
    if (!url || this.closing.signal.aborted) return Promise.resolve();
    const delivery = this.deliver(url, body).finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
    return delivery;
  }

  private async deliver(url: string, body: { awb: string; shipment_status_id: number }): Promise<void> {
    const token = this.target.token();
    const json = JSON.stringify(body);
    for (let attempt = 0; ; attempt++) {
      let answered = 0;
      let failure: unknown;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { 'x-api-key': token } : {}) },
          body: json,
          signal: AbortSignal.any([this.closing.signal, AbortSignal.timeout(TIMEOUT_MS)]),
        });
        await response.arrayBuffer();
        answered = response.status;
        if (response.ok) return this.keep({ awb: body.awb, statusId: body.shipment_status_id, answered });
        failure = new Error(`answered ${response.status}`);
      } catch (error) {
        failure = error;
      }
      const delay = RETRY_DELAYS_MS[attempt];
      if (this.closing.signal.aborted) return;
      if (delay === undefined) {
        this.keep({ awb: body.awb, statusId: body.shipment_status_id, answered });
        this.log(`Shiprocket simulator: webhook for ${body.awb} to ${url} failed after ${attempt + 1} tries`, failure);
        return;
      }
      await sleep(delay, undefined, { signal: this.closing.signal }).catch(() => {});
    }
  }

  private keep(delivery: Delivery): void {
    this.deliveries.push(delivery);
    if (this.deliveries.length > MAX_KEPT) this.deliveries.splice(0, this.deliveries.length - MAX_KEPT);
  }

  /** Resolves once every delivery under way has ended. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  async close(): Promise<void> {
    this.closing.abort();
    await this.idle();
  }
}
