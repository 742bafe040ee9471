import { randomBytes } from 'node:crypto';
import type { Database, Db } from '../db/client.ts';
import type { AuthService } from '../auth/index.ts';
import type { MailOutbox, OutgoingMail } from '../mail/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import { AWAITING_PAYMENT, type OrderPaymentState, type PaymentOrder } from '../orders/index.ts';
import type { PaymentEventSource, PaymentStatus } from '../../core/contracts/payments.ts';
import { paymentRefunds } from './schema.ts';
import { ledger, type AttemptRow, type MovedAttempt, type RefundRow } from './ledger.ts';
import {
  paymentFailedMail,
  paymentReceivedMail,
  refundDoneMail,
  refundStartedMail,
  type PaymentMailContext,
} from './mails.ts';

/** What the gateway said about one attempt, from a webhook or a status check. */
export interface AttemptFact {
  state: 'PENDING' | 'COMPLETED' | 'FAILED';
  amountPaise: number;
  errorCode: string | null;
  /** The gateway's own id for the payment, when it said. */
  gatewayOrderId?: string | null;
}

export interface TransitionDeps {
  database: Database;
  orders: OrderPaymentState;
  jobs: JobQueue;
  outbox: MailOutbox;
  auth: AuthService;
  /** Tells the catalogue its stock changed (after commit). */
  stockChanged: () => void;
  /** Empties the shopper's cart, in the transaction that marks their order paid (cart module). */
  emptyCart: (userId: string, tx: Db) => Promise<void>;
  shopName: string;
  origin: string;
}

/** The job that checks one attempt with the gateway (scheduled by the payment service and by webhooks). */
export const PAYMENT_CHECK_JOB = 'payment-check';
/** The job that sends a refund to the gateway and follows it until it settles. */
export const REFUND_JOB = 'refund';

const REFUND_REASONS = {
  cancelled: 'Your order was cancelled.',
  lateNoStock: 'Your payment arrived after your order had expired, and the items are no longer in stock.',
  notNeeded: 'We received a payment for an order that no longer needed it.',
} as const;

/**
 * Applies what the gateway says to attempts, orders and refunds (decision 0019), in one transaction per fact:
 *
 *   awaiting payment → paid | failed attempt (retryable) | expired; a wrong amount → review, never paid;
 *   a payment after expiry → paid again if the stock is still there, else refunded; paid + cancelled → refund.
 */
export class PaymentTransitions {
  constructor(private readonly deps: TransitionDeps) {}

  /** Applies the gateway's word on one attempt, named by its merchantOrderId; a repeated fact changes nothing. */
  async applyAttempt(merchantOrderId: string, fact: AttemptFact, source: PaymentEventSource): Promise<void> {
    if (fact.state === 'PENDING') return;
    let stockChanged = false;
    const gatewayOrderId = fact.gatewayOrderId || null;
    await this.deps.database.transaction(async (tx) => {
      const moved =
        fact.state === 'FAILED'
          ? await ledger.failAttempt(tx, merchantOrderId, fact.errorCode, source, gatewayOrderId)
          : await ledger.settleAttempt(tx, merchantOrderId, fact.amountPaise, source, gatewayOrderId);
      if (!moved) return;
      // Locked: a cancellation committing meanwhile is seen here, and one coming later sees this payment.
      const order = await this.deps.orders.lockedById(moved.orderId, tx);
      if (!order) return;
      if (moved.state === 'failed') return this.attemptFailed(tx, order, source);
      if (moved.state === 'mismatch') return this.amountDiffers(tx, moved, order, fact, source);
      stockChanged = await this.attemptPaid(tx, moved, order, source);
    });
    if (stockChanged) this.deps.stockChanged();
  }

  /** A cancelled order that was paid: its payment goes back (called inside the cancellation's transaction). */
  async refundCancelledOrder(tx: Db, order: PaymentOrder, paidAttempt: AttemptRow, source: PaymentEventSource) {
    if (!(await this.moveOrder(tx, order, ['paid'], 'refund_pending', source))) return;
    await this.startRefund(tx, order, paidAttempt, REFUND_REASONS.cancelled, source);
  }

  async applyRefund(refund: RefundRow, state: 'COMPLETED' | 'FAILED', source: PaymentEventSource): Promise<void> {
    await this.deps.database.transaction(async (tx) => {
      const done = state === 'COMPLETED';
      const moved = await ledger.moveRefund(tx, refund, ['requested', 'pending'], done ? 'completed' : 'failed', {
        source,
      });
      if (!moved) return;
      const order = await this.deps.orders.byId(refund.orderId, tx);
      if (!order) return;
      await this.moveOrder(tx, order, ['refund_pending'], done ? 'refunded' : 'refund_failed', source);
      if (done) await this.mail(tx, order, (context) => refundDoneMail(context, refund.amountPaise));
    });
  }

  private async attemptFailed(tx: Db, order: PaymentOrder, source: PaymentEventSource) {
    if (order.status === 'cancelled') return;
    // Another attempt may still be paying: the order fails only when none is left.
    if ((await ledger.pendingAttempts(tx, order.id)).length > 0) return;
    await this.moveOrder(tx, order, ['pending'], 'failed', source, {}, () =>
      this.mail(tx, order, (context) => paymentFailedMail(context, order.paymentExpiresAt)),
    );
  }

  private async amountDiffers(
    tx: Db,
    attempt: MovedAttempt,
    order: PaymentOrder,
    fact: AttemptFact,
    source: PaymentEventSource,
  ) {
    await this.moveOrder(tx, order, [...AWAITING_PAYMENT, 'expired'], 'review', source, {
      expectedPaise: attempt.amountPaise,
      reportedPaise: fact.amountPaise,
    });
  }

  /** Returns whether stock changed. */
  private async attemptPaid(tx: Db, attempt: MovedAttempt, order: PaymentOrder, source: PaymentEventSource) {
    // Paid: the mail goes out, and the shopper's cart is emptied here, by the server, whoever learnt of it.
    const received = async () => {
      await Promise.all([
        this.mail(tx, order, (context) => paymentReceivedMail(context, attempt.amountPaise)),
        this.deps.emptyCart(order.userId, tx),
      ]);
    };
    const open = order.status !== 'cancelled';
    if (open && (await this.moveOrder(tx, order, AWAITING_PAYMENT, 'paid', source, {}, received))) return false;
    if (order.paymentStatus === 'expired' && (await this.deps.orders.reviveExpired(order.id, tx))) {
      await Promise.all([
        ledger.record(tx, { orderId: order.id, subject: 'order', fromState: 'expired', toState: 'paid', source }),
        received(),
      ]);
      return true;
    }
    // Expired without stock, cancelled while unpaid, or paid already by another attempt: the money goes back.
    const reason =
      order.paymentStatus === 'expired'
        ? REFUND_REASONS.lateNoStock
        : order.status === 'cancelled'
          ? REFUND_REASONS.cancelled
          : REFUND_REASONS.notNeeded;
    if (order.paymentStatus !== 'paid') {
      await this.moveOrder(tx, order, [...AWAITING_PAYMENT, 'expired'], 'refund_pending', source);
    }
    await this.startRefund(tx, order, attempt, reason);
    return false;
  }

  private async startRefund(
    tx: Db,
    order: PaymentOrder,
    attempt: Pick<AttemptRow, 'id' | 'amountPaise'>,
    reason: string,
    source: PaymentEventSource = 'system',
  ) {
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
    if (!refund) return; // this attempt is being refunded already
    await ledger.record(tx, {
      orderId: order.id,
      subject: 'refund',
      refundId: refund.id,
      fromState: null,
      toState: 'requested',
      source,
      detail: { reason },
    });
    await this.deps.jobs.schedule({ kind: REFUND_JOB, key: refund.id, inSeconds: 0 }, tx);
    await this.mail(tx, order, (context) => refundStartedMail(context, refund.amountPaise, reason));
  }

  /**
   * Moves the order's payment and logs it; `alongside` (a mail) is sent together with the log entry, in one round
   * trip. False when the order was elsewhere.
   */
  private async moveOrder(
    tx: Db,
    order: PaymentOrder,
    from: readonly PaymentStatus[],
    to: PaymentStatus,
    source: PaymentEventSource,
    detail: Record<string, unknown> = {},
    alongside: () => Promise<void> = async () => {},
  ): Promise<boolean> {
    if (!(await this.deps.orders.move(order.id, from, to, tx))) return false;
    const fact = { orderId: order.id, subject: 'order' as const, fromState: order.paymentStatus, toState: to, source };
    await Promise.all([ledger.record(tx, { ...fact, detail }), alongside()]);
    return true;
  }

  private async mail(tx: Db, order: PaymentOrder, build: (context: PaymentMailContext) => OutgoingMail) {
    const buyer = await this.deps.auth.buyer(order.userId, tx);
    const context = {
      shopName: this.deps.shopName,
      origin: this.deps.origin,
      fullName: buyer?.fullName ?? '',
      to: order.email,
      orderId: order.orderId,
    };
    await this.deps.outbox.enqueue(build(context), tx);
  }
}
