import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { JobScheduler } from '../platform/work/jobs.ts';
import type { PaymentOrder } from '../platform/orders/face.ts';
import type { PaymentAttempt, PaymentLedger } from '../platform/payments/face.ts';
import type { PaymentEventSource } from '../../core/contracts/payments.ts';
import { paymentAttempts, paymentRefunds } from './schema.ts';
import { ledger, type AttemptRow } from './ledger.ts';
import type { PaymentMailer } from './mailer.ts';
import { REFUND_JOB } from './reconciliation.ts';

/**
 * The payments module's ledger as the flows change it (its face's `paymentLedger`): the ledger's own operations,
 * the paid attempt a cancellation refunds, and starting a refund (its row, its event, its job and its mail).
 */
export class PaymentBook implements PaymentLedger {
  readonly settleAttempt = ledger.settleAttempt;
  readonly failAttempt = ledger.failAttempt;
  readonly pendingAttempts = ledger.pendingAttempts;
  readonly lastFailedRefund = ledger.lastFailedRefund;
  readonly moveRefund = ledger.moveRefund;
  readonly record = ledger.record;

  constructor(
    private readonly jobs: JobScheduler,
    private readonly mailer: PaymentMailer,
  ) {}

  async paidAttempt(db: Db, orderId: string): Promise<AttemptRow | null> {
    const [paid] = await db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.state, 'completed')))
      .limit(1);
    return paid ?? null;
  }

  /** A refund of the attempt, requested and scheduled, and the shopper mailed; false when one is live already. */
  async startRefund(
    tx: Db,
    order: PaymentOrder,
    attempt: PaymentAttempt,
    reason: string,
    source: PaymentEventSource,
  ): Promise<boolean> {
    const [refund] = await tx
      .insert(paymentRefunds)
      .values({
        merchantRefundId: `${order.orderId}-R${randomBytes(5).toString('hex')}`,
        orderId: order.id,
        attemptId: attempt.id,
        amountPaise: attempt.amountPaise,
        reason,
      })
      .onConflictDoNothing()
      .returning();
    if (!refund) return false; // this attempt is being refunded already (or was refunded)
    await ledger.record(tx, {
      orderId: order.id,
      subject: 'refund',
      refundId: refund.id,
      fromState: null,
      toState: 'requested',
      source,
      detail: { reason },
    });
    await this.jobs.schedule({ kind: REFUND_JOB, key: refund.id, inSeconds: 0 }, tx);
    await this.mailer.refundStarted(tx, order, refund.amountPaise, reason);
    return true;
  }
}
