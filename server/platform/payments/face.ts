// What the flows see of the payments module (decision 0064): its ledger of attempts, refunds and payment events, and
// its payment mails; and the points where the flows that apply a payment and expire an order plug in.
import type { PaymentEventSource } from '../../../core/contracts/payments.ts';
import type { Db } from '../db/client.ts';
import { extensionPoint, face } from '../kernel/face.ts';
import type { PaymentOrder } from '../orders/face.ts';

export type AttemptState = 'pending' | 'completed' | 'failed' | 'mismatch';
export type RefundState = 'requested' | 'pending' | 'completed' | 'failed';

/** An attempt as a flow sees it: which one, and what it was to pay. */
export interface PaymentAttempt {
  id: string;
  amountPaise: number;
}

/** The attempt a settle or fail moved: its order, its amount and the state it is in now. */
export interface MovedAttempt extends PaymentAttempt {
  orderId: string;
  merchantOrderId: string;
  state: AttemptState;
}

/** A refund of one attempt's payment. */
export interface PaymentRefund {
  id: string;
  orderId: string;
  attemptId: string;
  amountPaise: number;
  state: RefundState;
  /** Why, as the shopper was told. */
  reason: string;
}

/** One row of the payment event log. */
export interface PaymentEvent {
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
 * The payments module's tables as the flows change them (decision 0019): every change conditional on the state it
 * expects, with its event row in the same transaction, so a fact learnt twice changes things once.
 */
export interface PaymentLedger {
  /** A pending (or failed) attempt completed with `paidPaise` (mismatch when the amount differs); null: no change. */
  settleAttempt(
    tx: Db,
    merchantOrderId: string,
    paidPaise: number,
    source: PaymentEventSource,
    gatewayOrderId: string | null,
  ): Promise<MovedAttempt | null>;
  /** A pending attempt failed at the gateway; null when it was not pending. */
  failAttempt(
    tx: Db,
    merchantOrderId: string,
    errorCode: string | null,
    source: PaymentEventSource,
    gatewayOrderId: string | null,
  ): Promise<MovedAttempt | null>;
  /** The order's attempts the gateway may still settle, oldest first. */
  pendingAttempts(db: Db, orderId: string): Promise<PaymentAttempt[]>;
  /** The order's completed attempt, if any: the payment a cancellation refunds. */
  paidAttempt(db: Db, orderId: string): Promise<PaymentAttempt | null>;
  /** The order's newest refund the gateway failed: the one an admin's retry sends again. */
  lastFailedRefund(db: Db, orderId: string): Promise<PaymentRefund | null>;
  /** Moves a refund from one of `from` to `to`, with its event; null when it was in none of them. */
  moveRefund(
    db: Db,
    refund: Pick<PaymentRefund, 'id' | 'orderId' | 'state'>,
    from: readonly RefundState[],
    to: RefundState,
    change: { source: PaymentEventSource },
  ): Promise<PaymentRefund | null>;
  /** Writes one event; sent at once, so it can go with other writes in one round trip. */
  record(db: Db, event: PaymentEvent): Promise<void>;
  /**
   * A refund of the attempt: requested (its event logged), its job scheduled and the shopper mailed. False when
   * the attempt is being (or was) refunded already.
   */
  startRefund(
    tx: Db,
    order: PaymentOrder,
    attempt: PaymentAttempt,
    reason: string,
    source: PaymentEventSource,
  ): Promise<boolean>;
}

/** The payments module's mails to the order's shopper, from its own templates, queued in `tx`. */
export interface PaymentMails {
  paymentReceived(tx: Db, order: PaymentOrder, amountPaise: number): Promise<void>;
  /** The order may still be paid until its payment expires. */
  paymentFailed(tx: Db, order: PaymentOrder): Promise<void>;
  refundDone(tx: Db, order: PaymentOrder, amountPaise: number): Promise<void>;
}

export interface PaymentsFace {
  paymentLedger: PaymentLedger;
  paymentMails: PaymentMails;
}

export const paymentsFace = face<PaymentsFace>('payments');

/** What the gateway said about one attempt, from a webhook or a status check. */
export interface AttemptFact {
  state: 'PENDING' | 'COMPLETED' | 'FAILED';
  amountPaise: number;
  errorCode: string | null;
  /** The gateway's own id for the payment, when it said. */
  gatewayOrderId?: string | null;
}

/** Applying what the gateway says to attempts, orders and refunds (the applyPayment flow's). */
export interface PaymentTransitions {
  /** The gateway's word on one attempt, named by its merchantOrderId; a repeated fact changes nothing. */
  applyAttempt(merchantOrderId: string, fact: AttemptFact, source: PaymentEventSource): Promise<void>;
  /** A refund's final outcome at the gateway. */
  applyRefund(refund: PaymentRefund, state: 'COMPLETED' | 'FAILED', source: PaymentEventSource): Promise<void>;
  /**
   * An admin's retry of a refund the gateway failed, in `tx` with `order` locked; false when there is nothing to
   * retry (the caller rolls the transaction back).
   */
  retryFailedRefund(tx: Db, order: PaymentOrder, source: PaymentEventSource): Promise<boolean>;
}

/** Expiring an unpaid order past its time (the expireOrder flow's), by its row id; nothing when paid meanwhile. */
export interface OrderExpiry {
  expireOrder(id: string): Promise<void>;
}

/** Where the payments module finds how a gateway's answer is applied; exactly one flow (applyPayment) contributes. */
export const paymentTransitions = extensionPoint<PaymentTransitions>('payments.transitions');
/** Where the payments module's reconciler finds how an order expires; exactly one flow (expireOrder) contributes. */
export const paymentExpiry = extensionPoint<OrderExpiry>('payments.expiry');
