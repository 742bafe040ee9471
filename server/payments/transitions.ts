import { randomBytes } from 'node:crypto';
import type { Database, Db } from '../platform/db/client.ts';
import { runWorkflow, type Workflow } from '../platform/db/workflow.ts';
import type { Accounts } from '../platform/auth/face.ts';
import type { MailOutbox, OutgoingMail } from '../platform/mail/face.ts';
import type { JobScheduler } from '../platform/work/jobs.ts';
import { AWAITING_PAYMENT } from '../../core/contracts/payments.ts';
import type { OrderPayments, PaymentOrder } from '../platform/orders/face.ts';
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
  orders: OrderPayments;
  jobs: JobScheduler;
  outbox: MailOutbox;
  auth: Accounts;
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

/** One fact about an attempt being applied: the attempt it moved, then its order, locked. */
class ApplyingAttempt {
  moved: MovedAttempt | null = null;
  order: PaymentOrder | null = null;

  constructor(
    readonly merchantOrderId: string,
    readonly fact: AttemptFact,
    readonly source: PaymentEventSource,
  ) {}
}

/** One refund's outcome being applied: whether the refund moved, then its order. */
class ApplyingRefund {
  moved = false;
  order: PaymentOrder | null = null;

  constructor(
    readonly refund: RefundRow,
    readonly done: boolean,
    readonly source: PaymentEventSource,
  ) {}
}

/**
 * Applies what the gateway says to attempts, orders and refunds (decision 0019), one workflow per fact
 * (decision 0025):
 *
 *   applyPayment: moveAttempt → lockOrder → orderFailed | amountDiffers | orderPaid
 *   applyRefund: moveRefund → loadOrder → moveOrder → mailRefundDone
 *
 * awaiting payment → paid | failed attempt (retryable) | expired; a wrong amount → review, never paid; a payment
 * after expiry → paid again if the stock is still there, else refunded; paid + cancelled → refund. A fact learnt
 * twice moves nothing the second time, and the steps after it do nothing.
 */
export class PaymentTransitions {
  private readonly payment: Workflow<ApplyingAttempt>;
  private readonly refund: Workflow<ApplyingRefund>;

  constructor(private readonly deps: TransitionDeps) {
    const onOrder =
      (state: MovedAttempt['state'], apply: (tx: Db, order: PaymentOrder, c: ApplyingAttempt) => Promise<unknown>) =>
      async (tx: Db, applying: ApplyingAttempt) => {
        if (applying.order && applying.moved?.state === state) await apply(tx, applying.order, applying);
      };
    this.payment = {
      name: 'applyPayment',
      steps: [
        { name: 'moveAttempt', run: (tx, applying) => this.moveAttempt(tx, applying) },
        {
          name: 'lockOrder',
          // Locked: a cancellation committing meanwhile is seen here, and one coming later sees this payment.
          run: async (tx, applying) => {
            if (applying.moved) applying.order = await deps.orders.lockedById(applying.moved.orderId, tx);
          },
        },
        {
          name: 'orderFailed',
          run: onOrder('failed', (tx, order, { source }) => this.attemptFailed(tx, order, source)),
        },
        {
          name: 'amountDiffers',
          run: onOrder('mismatch', (tx, order, { moved, fact, source }) =>
            this.amountDiffers(tx, moved!, order, fact, source),
          ),
        },
        {
          name: 'orderPaid',
          run: onOrder('completed', (tx, order, { moved, source }) => this.attemptPaid(tx, moved!, order, source)),
        },
      ],
    };
    this.refund = {
      name: 'applyRefund',
      steps: [
        {
          name: 'moveRefund',
          run: async (tx, applying) => {
            const { refund, done, source } = applying;
            const to = done ? 'completed' : 'failed';
            applying.moved = (await ledger.moveRefund(tx, refund, ['requested', 'pending'], to, { source })) !== null;
          },
        },
        {
          name: 'loadOrder',
          run: async (tx, applying) => {
            if (applying.moved) applying.order = await deps.orders.byId(applying.refund.orderId, tx);
          },
        },
        {
          name: 'moveOrder',
          run: async (tx, { order, done, source }) => {
            if (order) await this.moveOrder(tx, order, ['refund_pending'], done ? 'refunded' : 'refund_failed', source);
          },
        },
        {
          name: 'mailRefundDone',
          run: async (tx, { order, done, refund }) => {
            if (order && done) await this.mail(tx, order, (context) => refundDoneMail(context, refund.amountPaise));
          },
        },
      ],
    };
  }

  /** Applies the gateway's word on one attempt, named by its merchantOrderId; a repeated fact changes nothing. */
  async applyAttempt(merchantOrderId: string, fact: AttemptFact, source: PaymentEventSource): Promise<void> {
    if (fact.state === 'PENDING') return;
    await runWorkflow(this.deps.database, this.payment, new ApplyingAttempt(merchantOrderId, fact, source));
  }

  async applyRefund(refund: RefundRow, state: 'COMPLETED' | 'FAILED', source: PaymentEventSource): Promise<void> {
    await runWorkflow(this.deps.database, this.refund, new ApplyingRefund(refund, state === 'COMPLETED', source));
  }

  private async moveAttempt(tx: Db, applying: ApplyingAttempt): Promise<void> {
    const { merchantOrderId, fact, source } = applying;
    const gatewayOrderId = fact.gatewayOrderId || null;
    applying.moved =
      fact.state === 'FAILED'
        ? await ledger.failAttempt(tx, merchantOrderId, fact.errorCode, source, gatewayOrderId)
        : await ledger.settleAttempt(tx, merchantOrderId, fact.amountPaise, source, gatewayOrderId);
  }

  /** A cancelled order that was paid: its payment goes back (called inside the cancellation's transaction). */
  async refundCancelledOrder(tx: Db, order: PaymentOrder, paidAttempt: AttemptRow, source: PaymentEventSource) {
    if (!(await this.moveOrder(tx, order, ['paid'], 'refund_pending', source))) return;
    await this.startRefund(tx, order, paidAttempt, REFUND_REASONS.cancelled, source);
  }

  /**
   * An admin's retry of a refund the gateway failed (issue 22): the order back to refund_pending and a new refund of
   * the same payment, under a new merchantRefundId (PhonePe wants one per request), with the first one's reason for
   * the shopper. False when there is no failed refund to retry, or the payment has a live refund already: the
   * caller then rolls the transaction back (the order may have moved).
   */
  async retryFailedRefund(tx: Db, order: PaymentOrder, source: PaymentEventSource): Promise<boolean> {
    if (order.paymentMethod !== 'prepaid' || order.paymentStatus !== 'refund_failed') return false;
    const failed = await ledger.lastFailedRefund(tx, order.id);
    if (!failed || !(await this.moveOrder(tx, order, ['refund_failed'], 'refund_pending', source))) return false;
    const attempt = { id: failed.attemptId, amountPaise: failed.amountPaise };
    return this.startRefund(tx, order, attempt, failed.reason, source);
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

  private async attemptPaid(tx: Db, attempt: MovedAttempt, order: PaymentOrder, source: PaymentEventSource) {
    // Paid: the mail goes out, and the shopper's cart is emptied here, by the server, whoever learnt of it.
    const received = async () => {
      await Promise.all([
        this.mail(tx, order, (context) => paymentReceivedMail(context, attempt.amountPaise)),
        this.deps.emptyCart(order.userId, tx),
      ]);
    };
    const open = order.status !== 'cancelled';
    if (open && (await this.moveOrder(tx, order, AWAITING_PAYMENT, 'paid', source, {}, received))) return;
    if (order.paymentStatus === 'expired' && (await this.deps.orders.reviveExpired(order.id, tx))) {
      await Promise.all([
        ledger.record(tx, { orderId: order.id, subject: 'order', fromState: 'expired', toState: 'paid', source }),
        received(),
      ]);
      return;
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
  }

  /** A refund of the attempt, requested and scheduled, and the shopper mailed; false when one is live already. */
  private async startRefund(
    tx: Db,
    order: PaymentOrder,
    attempt: Pick<AttemptRow, 'id' | 'amountPaise'>,
    reason: string,
    source: PaymentEventSource = 'system',
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
    await this.deps.jobs.schedule({ kind: REFUND_JOB, key: refund.id, inSeconds: 0 }, tx);
    await this.mail(tx, order, (context) => refundStartedMail(context, refund.amountPaise, reason));
    return true;
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
