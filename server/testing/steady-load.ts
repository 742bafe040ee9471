// The shoppers' load of issue 33, shared by the nginx process test and the bench's scale-out figure: page views,
// catalogue reads and (given shoppers) cash-on-delivery orders, each with its own Idempotency-Key and retried with
// the same key on a network error or a 5xx, as the storefront's checkout does (app/orders/place-order.ts).
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'undici';

/** A request slower than this counts as failed; the client gives up a little later. */
export const FAILED_AFTER_MS = 15_000;
const GIVE_UP_AFTER_MS = FAILED_AFTER_MS + 5_000;
/** A shopper whose order failed tries again this much later, with the same key, up to ORDER_ATTEMPTS times. */
const RETRY_AFTER_MS = 500;
const ORDER_ATTEMPTS = 20;

export type RequestKind = 'page' | 'read' | 'order';

export interface Outcome {
  kind: RequestKind;
  path: string;
  startedAt: number;
  ms: number;
  /** 0: no answer (refused, reset, given up). */
  status: number;
  requestId: string | null;
}

export interface PlacedOrder {
  /** The shopper's index in the load's tokens. */
  shopper: number;
  key: string;
  /** The order the shop answered with (201, or 200 for a key it had seen); null when every attempt failed. */
  orderId: string | null;
  attempts: number;
}

export interface LoadMix {
  /** Anonymous pages, e.g. /shop and a product page. */
  pages: string[];
  /** Catalogue API reads, e.g. /api/product/all-products. */
  reads: string[];
  /** Shoppers' access tokens and the products they order; without them the load only reads. */
  orders?: { tokens: string[]; productIds: string[]; body: (productIds: string[]) => object };
}

export const isFailure = ({ status, ms }: Outcome) => status === 0 || status >= 500 || ms > FAILED_AFTER_MS;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SteadyLoad {
  readonly outcomes: Outcome[] = [];
  readonly orders: PlacedOrder[] = [];
  readonly #agent = new Agent({ connections: 128, keepAliveTimeout: 4_000 });
  readonly #kinds: RequestKind[];
  #sent = 0;
  readonly #inFlight = new Set<Promise<void>>();

  constructor(
    readonly origin: string,
    readonly mix: LoadMix,
  ) {
    // Two page views, two catalogue reads and, with shoppers, one order in every five requests.
    this.#kinds = mix.orders ? ['page', 'read', 'page', 'read', 'order'] : ['page', 'read'];
  }

  /** Sends `perSecond` requests a second, whatever the answers take, until the returned stop() (which awaits them). */
  steady(perSecond: number): () => Promise<void> {
    const timer = setInterval(() => this.#track(this.next()), 1000 / perSecond);
    return async () => {
      clearInterval(timer);
      await this.settled();
    };
  }

  /** `lanes` clients each sending their next request as soon as the last is answered, for `ms`. */
  async lanes(lanes: number, ms: number): Promise<void> {
    const until = Date.now() + ms;
    const lane = async () => {
      while (Date.now() < until) await this.next();
    };
    await Promise.all(Array.from({ length: lanes }, lane));
  }

  /** The requests (order retries included) still running, awaited. */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
  }

  async close(): Promise<void> {
    await this.settled();
    await this.#agent.close();
  }

  /** The next request of the mix. */
  next(): Promise<void> {
    const n = this.#sent++;
    const kind = this.#kinds[n % this.#kinds.length]!;
    const cycle = Math.floor(n / this.#kinds.length);
    if (kind === 'order') return this.#order(cycle);
    const paths = kind === 'page' ? this.mix.pages : this.mix.reads;
    return this.#call(kind, paths[(n >> 1) % paths.length]!, { method: 'GET' }).then(() => undefined);
  }

  #track(sending: Promise<void>) {
    this.#inFlight.add(sending);
    void sending.finally(() => this.#inFlight.delete(sending));
  }

  async #order(cycle: number): Promise<void> {
    const { tokens, productIds, body } = this.mix.orders!;
    const placed: PlacedOrder = {
      shopper: cycle % tokens.length,
      key: randomBytes(16).toString('hex'),
      orderId: null,
      attempts: 0,
    };
    this.orders.push(placed);
    const lines = [productIds[cycle % productIds.length]!, productIds[(cycle * 7 + 3) % productIds.length]!];
    const payload = JSON.stringify(body([...new Set(lines)]));
    while (placed.attempts < ORDER_ATTEMPTS) {
      placed.attempts++;
      const { outcome, text } = await this.#call('order', '/api/orders/create-order', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${tokens[placed.shopper]}`,
          'idempotency-key': placed.key,
        },
        body: payload,
      });
      // 201: made now; 200: made before under this key (a retry after a lost answer), the same order.
      if (outcome.status === 201 || outcome.status === 200) {
        placed.orderId = (JSON.parse(text) as { orderId: string }).orderId;
        return;
      }
      // A 4xx means no order was made: the storefront would not retry it either.
      if (outcome.status !== 0 && outcome.status < 500) return;
      await pause(RETRY_AFTER_MS);
    }
  }

  async #call(
    kind: RequestKind,
    path: string,
    init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  ): Promise<{ outcome: Outcome; text: string }> {
    const startedAt = Date.now();
    const outcome: Outcome = { kind, path, startedAt, ms: 0, status: 0, requestId: null };
    let text = '';
    try {
      const response = await request(`${this.origin}${path}`, {
        ...init,
        headers: { 'accept-encoding': 'br, gzip', ...init.headers },
        dispatcher: this.#agent,
        headersTimeout: GIVE_UP_AFTER_MS,
        bodyTimeout: GIVE_UP_AFTER_MS,
      });
      // Only an order's answer is read: the bench's load generator shares the machine with what it measures.
      const body = await response.body.arrayBuffer();
      if (kind === 'order') text = Buffer.from(body).toString();
      outcome.status = response.statusCode;
      const id = response.headers['x-request-id'];
      outcome.requestId = typeof id === 'string' ? id : null;
    } catch {
      // no answer: status stays 0
    }
    outcome.ms = Date.now() - startedAt;
    this.outcomes.push(outcome);
    return { outcome, text };
  }
}
