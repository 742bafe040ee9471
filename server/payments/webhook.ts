import type { JobDeclaration } from '../platform/kernel/index.ts';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { JobScheduler } from '../platform/work/jobs.ts';
import type { PhonePeWebhook } from '../../core/contracts/payments.ts';
import type { Reconciler } from './reconciliation.ts';

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

export const WEBHOOK_JOB = 'payment-webhook';
/** Webhook jobs run before a backlog of scheduled checks (the job queue's lower number first). */
const WEBHOOK_PRIORITY = 0;

/** What a webhook job keeps: which attempt or refund to ask the gateway about, nothing more. */
type WebhookTrigger = { subject: 'attempt'; merchantOrderId: string } | { subject: 'refund'; merchantRefundId: string };

const ATTEMPT_EVENTS = new Set(['checkout.order.completed', 'checkout.order.failed']);
const REFUND_EVENTS = new Set(['pg.refund.completed', 'pg.refund.failed']);

/** The attempt or refund a webhook is about; null for events the shop does not act on. */
function triggerOf(webhook: PhonePeWebhook): WebhookTrigger | null {
  const event = webhook.event ?? '';
  const { merchantOrderId, merchantRefundId } = webhook.payload ?? {};
  if (ATTEMPT_EVENTS.has(event) && merchantOrderId) return { subject: 'attempt', merchantOrderId };
  if (REFUND_EVENTS.has(event) && merchantRefundId) return { subject: 'refund', merchantRefundId };
  return null;
}

/**
 * Webhooks are triggers, not the truth (decisions 0019 and 0023): PhonePe's credential is one fixed header that
 * does not cover the body, so a webhook only says which attempt or refund to ask the gateway about. It is stored
 * as a job and answered at once (the answer never waits on locks or the gateway; a delivery repeated while the
 * first waits is stored once); the job queue asks the gateway's status API and applies what it confirms.
 */
export class WebhookInbox {
  constructor(
    private readonly queue: JobScheduler,
    private readonly reconciler: Reconciler,
  ) {}

  /** Its job: asking the gateway about what a webhook named, and applying the answer. */
  jobs(): JobDeclaration[] {
    const run = (job: { payload: Record<string, unknown> }) => {
      const trigger = job.payload as unknown as WebhookTrigger;
      return trigger.subject === 'attempt'
        ? this.reconciler.confirmAttempt(trigger.merchantOrderId)
        : this.reconciler.confirmRefund(trigger.merchantRefundId);
    };
    return [{ kind: WEBHOOK_JOB, run }];
  }

  async receive(webhook: PhonePeWebhook): Promise<void> {
    const trigger = triggerOf(webhook);
    if (!trigger) return;
    const key = trigger.subject === 'attempt' ? trigger.merchantOrderId : `refund:${trigger.merchantRefundId}`;
    await this.queue.add({ kind: WEBHOOK_JOB, key, payload: trigger, priority: WEBHOOK_PRIORITY });
    this.queue.kick();
  }
}
