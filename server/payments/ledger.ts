import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { executePrepared, type Db } from '../platform/db/client.ts';
import { Statement } from '../platform/db/statement.ts';
import type { PaymentEventSource } from '../../core/contracts/payments.ts';
import type { PaymentEvent } from '../platform/payments/face.ts';
import { paymentAttempts, paymentEvents, paymentRefunds, ATTEMPT_STATES, REFUND_STATES } from './schema.ts';

export type AttemptRow = typeof paymentAttempts.$inferSelect;
/** An attempt is named by its row id or by its merchantOrderId (the gateway's name for it). */
export type AttemptKey = { id: string } | { merchantOrderId: string };
const attemptIs = (where: AttemptKey) =>
  'id' in where ? eq(paymentAttempts.id, where.id) : eq(paymentAttempts.merchantOrderId, where.merchantOrderId);
export type RefundRow = typeof paymentRefunds.$inferSelect;
type AttemptState = (typeof ATTEMPT_STATES)[number];
type RefundState = (typeof REFUND_STATES)[number];

/** An event row as the flows write it (the payments face's `PaymentEvent`). */
type EventFact = PaymentEvent;

/**
 * The payments module's tables: attempts, refunds and the event log. Every change is conditional on the state it
 * expects and writes its event row in the same transaction, so a fact learnt twice (a repeated webhook, a webhook
 * and a status check) changes things once.
 */
interface MovedAttemptRow {
  id: string;
  order_id: string;
  merchant_order_id: string;
  amount_paise: number;
  state: AttemptState;
}

/** The attempt a one-statement move changed, or null. */
async function moveOne(db: Db, name: string, query: SQL): Promise<MovedAttempt | null> {
  const [row] = await executePrepared<MovedAttemptRow>(db, name, query);
  if (!row) return null;
  return {
    id: row.id,
    orderId: row.order_id,
    merchantOrderId: row.merchant_order_id,
    amountPaise: row.amount_paise,
    state: row.state,
  };
}

export interface MovedAttempt {
  id: string;
  orderId: string;
  merchantOrderId: string;
  amountPaise: number;
  state: AttemptState;
}

/** `detail` is JSON text or null (SQL's NULL: a placeholder on a json column would store JSON's null). */
const recordEvent = new Statement<Required<Omit<EventFact, 'detail'>> & { detail: string | null }>(
  'record-payment-event',
  (db) =>
    db.insert(paymentEvents).values({
      orderId: sql.placeholder('orderId'),
      subject: sql.placeholder('subject'),
      attemptId: sql.placeholder('attemptId'),
      refundId: sql.placeholder('refundId'),
      fromState: sql.placeholder('fromState'),
      toState: sql.placeholder('toState'),
      source: sql.placeholder('source'),
      detail: sql`${sql.placeholder('detail')}::jsonb`,
    }),
);

export const ledger = {
  async attempt(db: Db, where: AttemptKey): Promise<AttemptRow | null> {
    const [row] = await db.select().from(paymentAttempts).where(attemptIs(where));
    return row ?? null;
  },

  async pendingAttempts(db: Db, orderId: string): Promise<AttemptRow[]> {
    return db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.state, 'pending')))
      .orderBy(paymentAttempts.createdAt);
  },

  /**
   * Takes the turn to ask the gateway about an attempt in one of `states`: its row when nobody asked in the last
   * `everySeconds` (by the database's clock, so across processes; 0: always), the time of asking now set; null when
   * it is in another state or its turn was taken. However many poll at once, one gets the turn.
   */
  async claimStatusCheck(
    db: Db,
    where: AttemptKey,
    { everySeconds, states }: { everySeconds: number; states: readonly AttemptState[] },
  ): Promise<AttemptRow | null> {
    const [claimed] = await db
      .update(paymentAttempts)
      .set({ checkedAt: sql`now()` })
      .where(
        and(
          attemptIs(where),
          inArray(paymentAttempts.state, [...states]),
          sql`(${paymentAttempts.checkedAt} is null or ${paymentAttempts.checkedAt} <= now() - make_interval(secs => ${everySeconds}))`,
        ),
      )
      .returning();
    return claimed ?? null;
  },

  async refund(db: Db, where: { id: string } | { merchantRefundId: string }): Promise<RefundRow | null> {
    const condition =
      'id' in where ? eq(paymentRefunds.id, where.id) : eq(paymentRefunds.merchantRefundId, where.merchantRefundId);
    const [row] = await db.select().from(paymentRefunds).where(condition);
    return row ?? null;
  },

  /** The order's newest refund the gateway failed: the one an admin's retry sends again. */
  async lastFailedRefund(db: Db, orderId: string): Promise<RefundRow | null> {
    const [row] = await db
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.orderId, orderId), eq(paymentRefunds.state, 'failed')))
      .orderBy(desc(paymentRefunds.createdAt))
      .limit(1);
    return row ?? null;
  },

  /**
   * The gateway says the attempt completed with `paidPaise`: a pending (or failed) attempt becomes completed, or
   * mismatch when the amount differs from its own, and its event is written, in one statement (a webhook's hot
   * path). Null when the attempt was not waiting for this (a repeated fact), so nothing changes twice.
   */
  settleAttempt(
    db: Db,
    merchantOrderId: string,
    paidPaise: number,
    source: PaymentEventSource,
    gatewayOrderId: string | null,
  ) {
    return moveOne(
      db,
      'settle-attempt',
      sql`
      with waiting as (
        select id, state from ${paymentAttempts}
        where merchant_order_id = ${merchantOrderId} and state in ('pending', 'failed') for no key update
      ),
      moved as (
        update ${paymentAttempts} a
        set state = case when a.amount_paise = ${paidPaise}::int then 'completed' else 'mismatch' end,
          paid_amount_paise = ${paidPaise}::int,
          error_code = case when a.amount_paise = ${paidPaise}::int then a.error_code else 'AMOUNT_MISMATCH' end,
          gateway_order_id = coalesce(${gatewayOrderId}::text, a.gateway_order_id),
          updated_at = now()
        from waiting w where a.id = w.id
        returning a.*, w.state as from_state
      ),
      logged as (
        insert into ${paymentEvents} (order_id, attempt_id, subject, from_state, to_state, source, detail)
        select order_id, id, 'attempt', from_state, state, ${source}, jsonb_build_object('paidPaise', ${paidPaise}::int)
        from moved
      )
      select * from moved`,
    );
  },

  /** A pending attempt failed at the gateway; null when it was not pending. One statement, as settleAttempt. */
  failAttempt(
    db: Db,
    merchantOrderId: string,
    errorCode: string | null,
    source: PaymentEventSource,
    gatewayOrderId: string | null,
  ) {
    return moveOne(
      db,
      'fail-attempt',
      sql`
      with moved as (
        update ${paymentAttempts} a
        set state = 'failed', error_code = coalesce(${errorCode}::text, a.error_code),
          gateway_order_id = coalesce(${gatewayOrderId}::text, a.gateway_order_id), updated_at = now()
        where merchant_order_id = ${merchantOrderId} and state = 'pending'
        returning a.*, 'pending'::text as from_state
      ),
      logged as (
        insert into ${paymentEvents} (order_id, attempt_id, subject, from_state, to_state, source, detail)
        select order_id, id, 'attempt', from_state, state, ${source}, jsonb_build_object('errorCode', ${errorCode}::text)
        from moved
      )
      select * from moved`,
    );
  },

  async moveRefund(
    db: Db,
    refund: Pick<RefundRow, 'id' | 'orderId' | 'state'>,
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

  /** Sent at once, so it can go with other writes in one round trip (workflow.together). */
  record(db: Db, fact: EventFact): Promise<void> {
    return recordEvent
      .run(db, {
        orderId: fact.orderId,
        subject: fact.subject,
        attemptId: fact.attemptId ?? null,
        refundId: fact.refundId ?? null,
        fromState: fact.fromState,
        toState: fact.toState,
        source: fact.source,
        detail: fact.detail ? JSON.stringify(fact.detail) : null,
      })
      .then(() => undefined);
  },
};
