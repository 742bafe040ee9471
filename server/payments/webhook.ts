import { createHash, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { ledger } from './ledger.ts';
import type { PaymentTransitions } from './transitions.ts';

export interface WebhookCredentials {
  username: string;
  password: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * PhonePe signs a webhook with the lower-case hex SHA-256 of "username:password" in Authorization. Both sides are
 * hashed again before comparing, so the comparison takes the same time whatever was sent.
 */
export function webhookAuthorized(header: string | undefined, credentials: WebhookCredentials): boolean {
  if (!header) return false;
  const expected = createHash('sha256').update(`${credentials.username}:${credentials.password}`).digest('hex');
  const given = header
    .trim()
    .replace(/^SHA256\s+/i, '')
    .toLowerCase();
  return timingSafeEqual(sha256(given), sha256(expected));
}

type Payload = Record<string, unknown>;

export const WEBHOOK_JOB = 'payment-webhook';

/**
 * Webhooks are stored as jobs and answered at once (decision 0019): the answer never waits on locks, the gateway
 * or the mail server, and a delivery repeated while the first waits is stored once. The job queue applies them
 * at once in the background (kick), and at its next poll should the process stop first.
 */
export class WebhookInbox {
  constructor(
    private readonly jobs: JobQueue,
    db: Db,
    transitions: PaymentTransitions,
  ) {
    jobs.handle(WEBHOOK_JOB, async (job) => {
      await applyWebhook(db, transitions, job.payload);
      return { done: true };
    });
  }

  async receive(body: Payload): Promise<void> {
    const key = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
    await this.jobs.add({ kind: WEBHOOK_JOB, key, payload: body });
    this.jobs.kick();
  }
}
const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Acts on a webhook (already authorised): only the root-level payload.state is trusted, unknown events and ids are
 * ignored, and the amount is checked against the attempt's. Refunds it starts are sent by the job queue.
 */
async function applyWebhook(db: Db, transitions: PaymentTransitions, body: unknown): Promise<void> {
  const event = text((body as Payload | null)?.event);
  const payload = ((body as Payload | null)?.payload ?? {}) as Payload;
  const state = text(payload.state);
  if (event === 'checkout.order.completed' || event === 'checkout.order.failed') {
    const merchantOrderId = text(payload.merchantOrderId);
    if (!merchantOrderId || (state !== 'COMPLETED' && state !== 'FAILED')) return;
    // Without an amount to check, the gateway is asked instead, by the job queue, at once.
    if (state === 'COMPLETED' && typeof payload.amount !== 'number') return transitions.checkSoon(merchantOrderId);
    const amountPaise = typeof payload.amount === 'number' ? payload.amount : 0;
    // An unknown id, or a fact already applied, changes nothing.
    await transitions.applyAttempt(
      merchantOrderId,
      { state, amountPaise, errorCode: text(payload.errorCode), gatewayOrderId: text(payload.orderId) },
      'webhook',
    );
    return;
  }
  if (event === 'pg.refund.completed' || event === 'pg.refund.failed') {
    const merchantRefundId = text(payload.merchantRefundId);
    const refund = merchantRefundId ? await ledger.refund(db, { merchantRefundId }) : null;
    if (!refund || (state !== 'COMPLETED' && state !== 'FAILED')) return;
    await transitions.applyRefund(refund, state, 'webhook');
  }
}
