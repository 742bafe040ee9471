import { asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { paiseToRupees } from '../../core/money.ts';
import type { OrderPaymentHistory } from '../../core/contracts/admin-orders.ts';
import { ADMIN_HISTORY_MAX } from '../../core/contracts/admin-lists.ts';
import { MAX_PAYMENT_ATTEMPTS } from '../../core/contracts/payments.ts';
import { paymentAttempts, paymentEvents, paymentRefunds } from './schema.ts';

/** An order's payment attempts, every payment change and its refunds, oldest first, as the back office shows them. */
export async function paymentHistory(db: Db, orderRowId: string): Promise<OrderPaymentHistory> {
  const [attempts, events, refunds] = await Promise.all([
    db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, orderRowId))
      .orderBy(asc(paymentAttempts.attemptNumber))
      .limit(MAX_PAYMENT_ATTEMPTS),
    db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, orderRowId))
      .orderBy(asc(paymentEvents.at), asc(paymentEvents.id))
      .limit(ADMIN_HISTORY_MAX),
    db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, orderRowId))
      .orderBy(asc(paymentRefunds.createdAt))
      .limit(ADMIN_HISTORY_MAX),
  ]);
  return {
    attempts: attempts.map((attempt) => ({
      merchantOrderId: attempt.merchantOrderId,
      attemptNumber: attempt.attemptNumber,
      amount: paiseToRupees(attempt.amountPaise),
      state: attempt.state,
      errorCode: attempt.errorCode,
      createdAt: attempt.createdAt.toISOString(),
    })),
    events: events.map((event) => ({
      subject: event.subject,
      fromState: event.fromState,
      toState: event.toState,
      source: event.source,
      at: event.at.toISOString(),
    })),
    refunds: refunds.map((refund) => ({
      merchantRefundId: refund.merchantRefundId,
      amount: paiseToRupees(refund.amountPaise),
      state: refund.state,
      reason: refund.reason,
      errorCode: refund.errorCode,
      createdAt: refund.createdAt.toISOString(),
    })),
  };
}
