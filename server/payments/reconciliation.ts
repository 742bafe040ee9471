import type { JobDeclaration } from '../platform/kernel/index.ts';
import { GatewayError, foundOrNull, type PaymentGateway, type RefundStatus } from './gateway.ts';
import type { JobOutcome } from '../platform/work/jobs.ts';
import type { Database } from '../platform/db/client.ts';
import { AWAITING_PAYMENT } from '../../core/contracts/payments.ts';
import type { OrderPayments } from '../platform/orders/face.ts';
import type { OrderExpiry, PaymentTransitions } from '../platform/payments/face.ts';
import { ledger, type AttemptKey, type AttemptRow, type RefundRow } from './ledger.ts';
import type { ATTEMPT_STATES } from './schema.ts';
import type { PaymentEventSource } from '../../core/contracts/payments.ts';

/** The job that checks one attempt with the gateway (scheduled by the payment service and by webhooks). */
export const PAYMENT_CHECK_JOB = 'payment-check';
/** The job that sends a refund to the gateway and follows it until it settles. */
export const REFUND_JOB = 'refund';
export const PAYMENT_EXPIRY_JOB = 'payment-expiry';

/** Shoppers' polls ask the gateway about one attempt at most this often, however many poll (decision 0023). */
export const STATUS_CHECK_EVERY_SECONDS = 3;
/** Seconds after an attempt starts of its first status check (PhonePe: 20 to 25 s). */
export const FIRST_CHECK_SECONDS = 20;
/** PhonePe's schedule after the first check: every `every` seconds until `until` seconds after the start. */
const CHECK_SCHEDULE = [
  { until: 50, every: 3 },
  { until: 110, every: 6 },
  { until: 170, every: 10 },
  { until: 230, every: 30 },
] as const;
const CHECK_EVERY_LATER = 60;
/** After the attempt's expiry, the gateway is asked this long more before the attempt is called failed. */
const EXPIRED_GRACE_SECONDS = 120;
/** An attempt the gateway never heard of: given up after this long (its create call may still be in flight). */
const UNKNOWN_ATTEMPT_SECONDS = 60;
/** An order whose last status check keeps failing expires anyway after this long past its time. */
const EXPIRY_PATIENCE_SECONDS = 600;
const REFUND_CHECK_SECONDS = 15;
const REFUND_MAX_ATTEMPTS = 150;
type AttemptState = (typeof ATTEMPT_STATES)[number];
/** The attempts a status check is about: those the gateway may still settle. */
const WAITING: readonly AttemptState[] = ['pending'];

/** When to ask next about an attempt `elapsed` seconds old. */
export function nextCheckSeconds(elapsed: number): number {
  if (elapsed < FIRST_CHECK_SECONDS) return FIRST_CHECK_SECONDS - elapsed;
  return CHECK_SCHEDULE.find((step) => elapsed < step.until)?.every ?? CHECK_EVERY_LATER;
}

const secondsSince = (time: Date) => (Date.now() - time.getTime()) / 1000;

interface ReconcilerDeps {
  database: Database;
  gateway: PaymentGateway;
  orders: OrderPayments;
  /** The applyPayment flow's transitions (extension point `payments.transitions`), read when a fact is applied. */
  transitions: () => PaymentTransitions;
  /** The expireOrder flow (extension point `payments.expiry`), read when an order expires. */
  expiry: () => OrderExpiry;
}

/**
 * The scheduled side of payments, on the job queue (decision 0019): each pending attempt is checked on PhonePe's
 * schedule until it is final, so a lost webhook loses nothing; an unpaid order expires after a last check;
 * refunds are sent and then checked until they settle.
 */
export class Reconciler {
  constructor(private readonly deps: ReconcilerDeps) {}

  jobs(): JobDeclaration[] {
    return [
      { kind: PAYMENT_CHECK_JOB, run: (job) => this.checkAttempt(job.key) },
      { kind: PAYMENT_EXPIRY_JOB, run: (job) => this.expireOrder(job.key) },
      // Money owed to a shopper: a day of retries (backoff tops out at 10 minutes) before staff must look at it.
      { kind: REFUND_JOB, run: (job) => this.followRefund(job.key), maxAttempts: REFUND_MAX_ATTEMPTS },
    ];
  }

  /**
   * Asks the gateway about one attempt in one of `states` and applies the answer; says whether it asked. A
   * shopper's poll (`throttled`) asks only when nobody asked about it in the last STATUS_CHECK_EVERY_SECONDS, so
   * however many poll, the gateway hears one call per attempt per window; webhooks and the schedule always ask
   * (decision 0023).
   */
  async check(
    where: AttemptKey,
    source: PaymentEventSource,
    { throttled = false, states = WAITING }: { throttled?: boolean; states?: readonly AttemptState[] } = {},
  ): Promise<boolean> {
    const { database, gateway } = this.deps;
    const everySeconds = throttled ? STATUS_CHECK_EVERY_SECONDS : 0;
    const attempt = await ledger.claimStatusCheck(database.db, where, { everySeconds, states });
    if (!attempt) return false;
    try {
      const status = await gateway.paymentStatus(attempt.merchantOrderId);
      await this.deps.transitions().applyAttempt(attempt.merchantOrderId, status, source);
    } catch (error) {
      if (!(error instanceof GatewayError && error.kind === 'not-found')) throw error;
      // Never created at the gateway (its create failed before arriving): nothing can be paid on it.
      if (secondsSince(attempt.createdAt) > UNKNOWN_ATTEMPT_SECONDS) {
        await this.failAttempt(attempt, 'NOT_CREATED', source);
      }
    }
    return true;
  }

  /**
   * A webhook's claim about an attempt, confirmed with the gateway before anything changes (decision 0023): its
   * credential does not cover the body, so the body says only which attempt to ask about.
   */
  async confirmAttempt(merchantOrderId: string): Promise<JobOutcome> {
    // A failed attempt too: a payment the gateway failed may still complete.
    await this.check({ merchantOrderId }, 'webhook', { states: ['pending', 'failed'] });
    return { done: true };
  }

  /** A webhook's claim about a refund, likewise confirmed with the gateway. */
  async confirmRefund(merchantRefundId: string): Promise<JobOutcome> {
    const refund = await ledger.refund(this.deps.database.db, { merchantRefundId });
    if (!refund || (refund.state !== 'requested' && refund.state !== 'pending')) return { done: true };
    const status = await foundOrNull(this.deps.gateway.refundStatus(refund.merchantRefundId));
    if (status) await this.applyFinalRefund(refund, status, 'webhook');
    return { done: true };
  }

  private async checkAttempt(attemptId: string): Promise<JobOutcome> {
    if (!(await this.check({ id: attemptId }, 'reconciliation'))) return { done: true }; // no longer pending
    const now = await ledger.attempt(this.deps.database.db, { id: attemptId });
    if (!now || now.state !== 'pending') return { done: true };
    if (secondsSince(now.expiresAt) > EXPIRED_GRACE_SECONDS) {
      await this.failAttempt(now, 'EXPIRED', 'reconciliation');
      return { done: true };
    }
    return { rerunInSeconds: nextCheckSeconds(secondsSince(now.createdAt)) };
  }

  private async failAttempt(attempt: AttemptRow, errorCode: string, source: PaymentEventSource) {
    await this.deps
      .transitions()
      .applyAttempt(attempt.merchantOrderId, { state: 'FAILED', amountPaise: 0, errorCode }, source);
  }

  /** An order unpaid at its time: a last check of its attempts, then it expires and its stock returns. */
  private async expireOrder(orderId: string): Promise<JobOutcome> {
    const { database, orders } = this.deps;
    const order = await orders.byOrderId(orderId);
    if (!order || order.status === 'cancelled' || !AWAITING_PAYMENT.includes(order.paymentStatus)) {
      return { done: true };
    }
    try {
      for (const attempt of await ledger.pendingAttempts(database.db, order.id)) {
        await this.check({ id: attempt.id }, 'reconciliation');
      }
    } catch (error) {
      const late = order.paymentExpiresAt && secondsSince(order.paymentExpiresAt) > EXPIRY_PATIENCE_SECONDS;
      if (!late) throw error; // tried again with backoff
    }
    await this.deps.expiry().expireOrder(order.id);
    return { done: true };
  }

  /** One job per refund: send it to the gateway, then ask about it until it settles. */
  private async followRefund(refundId: string): Promise<JobOutcome> {
    const { database } = this.deps;
    const refund = await ledger.refund(database.db, { id: refundId });
    if (!refund || (refund.state !== 'requested' && refund.state !== 'pending')) return { done: true };
    if (refund.state === 'pending') {
      await this.refreshRefund(refund, 'reconciliation');
      return { rerunInSeconds: REFUND_CHECK_SECONDS };
    }
    const answer = await this.sendRefund(refund);
    if (!answer) {
      // A refund the gateway refuses will not go through by asking again: staff must look at it.
      await this.deps.transitions().applyRefund(refund, 'FAILED', 'system');
      return { done: true };
    }
    await database.transaction((tx) =>
      ledger.moveRefund(tx, refund, ['requested'], 'pending', { source: 'system', gatewayRefundId: answer.refundId }),
    );
    return { rerunInSeconds: REFUND_CHECK_SECONDS };
  }

  /**
   * The refund sent to the gateway, or null when the gateway refused it. A refusal of one an earlier run sent
   * (its answer lost with its process, say) is no refusal: the gateway's status of it is the answer.
   */
  private async sendRefund(refund: RefundRow): Promise<RefundStatus | null> {
    const { database, gateway } = this.deps;
    const attempt = await ledger.attempt(database.db, { id: refund.attemptId });
    try {
      return await gateway.refund({
        merchantRefundId: refund.merchantRefundId,
        originalMerchantOrderId: attempt!.merchantOrderId,
        amountPaise: refund.amountPaise,
      });
    } catch (error) {
      if (!(error instanceof GatewayError && error.kind === 'rejected')) throw error;
      return foundOrNull(gateway.refundStatus(refund.merchantRefundId));
    }
  }

  /** Asks the gateway about a refund and applies a final answer. */
  private async refreshRefund(refund: RefundRow, source: PaymentEventSource): Promise<void> {
    await this.applyFinalRefund(refund, await this.deps.gateway.refundStatus(refund.merchantRefundId), source);
  }

  private async applyFinalRefund(refund: RefundRow, status: RefundStatus, source: PaymentEventSource) {
    if (status.state === 'COMPLETED' || status.state === 'FAILED') {
      await this.deps.transitions().applyRefund(refund, status.state, source);
    }
  }
}
