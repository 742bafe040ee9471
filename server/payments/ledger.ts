import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { PaymentEventSource } from '../../core/contracts/payments.ts';
import { paymentAttempts, paymentEvents, paymentRefunds, ATTEMPT_STATES, REFUND_STATES } from './schema.ts';

export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;
type AttemptState = (typeof ATTEMPT_STATES)[number];
type RefundState = (typeof REFUND_STATES)[number];

interface EventFact {
  orderId: string;
  subject: 'attempt' | 'refund' | 'order';
  attemptId?: string | null;
  refundId?: string | null;
  fromState: string | null;
  toState: string;
  source: PaymentEventSource;
  detail?: Record<string, unknown>;
}

/**
 * The payments module's tables: attempts, refunds and the event log. Every change is conditional on the state it
 * expects and writes its event row in the same transaction, so a fact learnt twice (a repeated webhook, a webhook
 * and a status check) changes things once.
 */
export const ledger = {
  async attempt(db: Db, where: { id: string } | { merchantOrderId: string }): Promise<AttemptRow | null> {
    const condition =
      'id' in where ? eq(paymentAttempts.id, where.id) : eq(paymentAttempts.merchantOrderId, where.merchantOrderId);
    const [row] = await db.select().from(paymentAttempts).where(condition);
    return row ?? null;
  },

  async pendingAttempts(db: Db, orderId: string): Promise<AttemptRow[]> {
    return db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.state, 'pending')))
      .orderBy(paymentAttempts.createdAt);
  },

  async refund(db: Db, where: { id: string } | { merchantRefundId: string }): Promise<RefundRow | null> {
    const condition =
      'id' in where ? eq(paymentRefunds.id, where.id) : eq(paymentRefunds.merchantRefundId, where.merchantRefundId);
    const [row] = await db.select().from(paymentRefunds).where(condition);
    return row ?? null;
  },

  async latestRefund(db: Db, orderId: string): Promise<RefundRow | null> {
    const [row] = await db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, orderId))
      .orderBy(sql`${paymentRefunds.createdAt} desc`)
      .limit(1);
    return row ?? null;
  },

  /** Moves an attempt from one of `from`; null when it was elsewhere. */
  async moveAttempt(
    db: Db,
    attempt: AttemptRow,
    from: readonly AttemptState[],
    to: AttemptState,
    change: { source: PaymentEventSource; paidAmountPaise?: number; errorCode?: string | null },
  ): Promise<AttemptRow | null> {
    const [moved] = await db
      .update(paymentAttempts)
      .set({
        state: to,
        updatedAt: sql`now()`,
        ...(change.paidAmountPaise === undefined ? {} : { paidAmountPaise: change.paidAmountPaise }),
        ...(change.errorCode ? { errorCode: change.errorCode } : {}),
      })
      .where(and(eq(paymentAttempts.id, attempt.id), inArray(paymentAttempts.state, [...from])))
      .returning();
    if (!moved) return null;
    await ledger.record(db, {
      orderId: attempt.orderId,
      subject: 'attempt',
      attemptId: attempt.id,
      fromState: attempt.state,
      toState: to,
      source: change.source,
      detail: change.errorCode ? { errorCode: change.errorCode } : undefined,
    });
    return moved;
  },

  async moveRefund(
    db: Db,
    refund: RefundRow,
    from: readonly RefundState[],
    to: RefundState,
    change: { source: PaymentEventSource; gatewayRefundId?: string; errorCode?: string | null },
  ): Promise<RefundRow | null> {
    const [moved] = await db
      .update(paymentRefunds)
      .set({
        state: to,
        updatedAt: sql`now()`,
        ...(change.gatewayRefundId ? { gatewayRefundId: change.gatewayRefundId } : {}),
        ...(change.errorCode ? { errorCode: change.errorCode } : {}),
      })
      .where(and(eq(paymentRefunds.id, refund.id), inArray(paymentRefunds.state, [...from])))
      .returning();
    if (!moved) return null;
    await ledger.record(db, {
      orderId: refund.orderId,
      subject: 'refund',
      refundId: refund.id,
      fromState: refund.state,
      toState: to,
      source: change.source,
      detail: change.errorCode ? { errorCode: change.errorCode } : undefined,
    });
    return moved;
  },

  async record(db: Db, fact: EventFact): Promise<void> {
    await db.insert(paymentEvents).values({
      orderId: fact.orderId,
      subject: fact.subject,
      attemptId: fact.attemptId ?? null,
      refundId: fact.refundId ?? null,
      fromState: fact.fromState,
      toState: fact.toState,
      source: fact.source,
      detail: fact.detail ?? null,
    });
  },
};
