// The applyPayment flow (decision 0064): applying what the gateway says crosses the payments module's ledger and
// mails, the order's payment state, the stock (an expired order revived) and the cart, so it lives above them and
// calls each through its face.
import type { Database, Db } from '../platform/db/client.ts';
import { runWorkflow, type Step, type Workflow } from '../platform/db/workflow.ts';
import type { ShopperCarts } from '../platform/cart/face.ts';
import type { Stock } from '../platform/stock/face.ts';
import type { OrderPayments, OrderStatusChange, PaymentOrder } from '../platform/orders/face.ts';
import type {
  AttemptFact,
  MovedAttempt,
  PaymentAttempt,
  PaymentLedger,
  PaymentMails,
  PaymentRefund,
  PaymentTransitions,
} from '../platform/payments/face.ts';
import { AWAITING_PAYMENT } from '../../core/contracts/payments.ts';
import type { PaymentEventSource, PaymentStatus } from '../../core/contracts/payments.ts';

export interface ApplyPaymentOptions {
  database: Database;
  orders: OrderPayments;
  /** The payments module's ledger and mails (`paymentsFace`). */
  ledger: PaymentLedger;
  mails: PaymentMails;
  /** Re-takes the stock of an expired order a late payment revives. */
  stock: Pick<Stock, 'reserveIfAvailable'>;
  /** Empties the shopper's cart, in the transaction that marks their order paid. */
  carts: ShopperCarts;
}

const REFUND_REASONS = {
  cancelled: 'Your order was cancelled.',
  returned: 'Your order came back to us undelivered.',
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
    readonly refund: PaymentRefund,
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
export class ApplyPayment implements PaymentTransitions {
  private readonly payment: Workflow<ApplyingAttempt>;
  private readonly refund: Workflow<ApplyingRefund>;

  constructor(private readonly deps: ApplyPaymentOptions) {
    const { ledger, mails } = deps;
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
            if (order && done) await mails.refundDone(tx, order, refund.amountPaise);
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

  async applyRefund(refund: PaymentRefund, state: 'COMPLETED' | 'FAILED', source: PaymentEventSource): Promise<void> {
    await runWorkflow(this.deps.database, this.refund, new ApplyingRefund(refund, state === 'COMPLETED', source));
  }

  /** Its step in cancelling an order (extension point `cancelOrder.refund`): a paid order is refunded. */
  refundStep(): Step<OrderStatusChange> {
    return { name: 'refundIfPaid', run: (tx, change) => this.refundIfPaid(tx, change) };
  }

  private async moveAttempt(tx: Db, applying: ApplyingAttempt): Promise<void> {
    const { merchantOrderId, fact, source } = applying;
    const { ledger } = this.deps;
    const gatewayOrderId = fact.gatewayOrderId || null;
    applying.moved =
      fact.state === 'FAILED'
        ? await ledger.failAttempt(tx, merchantOrderId, fact.errorCode, source, gatewayOrderId)
        : await ledger.settleAttempt(tx, merchantOrderId, fact.amountPaise, source, gatewayOrderId);
  }

  private async refundIfPaid(tx: Db, { record: { order }, actor }: OrderStatusChange): Promise<void> {
    if (order.paymentMethod !== 'prepaid' || order.paymentStatus !== 'paid') return;
    const paid = await this.deps.ledger.paidAttempt(tx, order.id);
    const source = actor === 'shopper' ? 'shopper' : actor === 'shop' ? 'admin' : 'system';
    if (paid) await this.refundCancelledOrder(tx, order, paid, source);
  }

  /** A cancelled order that was paid: its payment goes back (called inside the cancellation's transaction). */
  async refundCancelledOrder(tx: Db, order: PaymentOrder, paidAttempt: PaymentAttempt, source: PaymentEventSource) {
    if (!(await this.moveOrder(tx, order, ['paid'], 'refund_pending', source))) return;
    // The same step refunds a parcel the courier brought back (the tracking flow), with its own reason.
    const reason = order.status === 'returned' ? REFUND_REASONS.returned : REFUND_REASONS.cancelled;
    await this.deps.ledger.startRefund(tx, order, paidAttempt, reason, source);
  }

  /**
   * An admin's retry of a refund the gateway failed (issue 22): the order back to refund_pending and a new refund of
   * the same payment, under a new merchantRefundId (PhonePe wants one per request), with the first one's reason for
   * the shopper. False when there is no failed refund to retry, or the payment has a live refund already: the
   * caller then rolls the transaction back (the order may have moved).
   */
  async retryFailedRefund(tx: Db, order: PaymentOrder, source: PaymentEventSource): Promise<boolean> {
    if (order.paymentMethod !== 'prepaid' || order.paymentStatus !== 'refund_failed') return false;
    const failed = await this.deps.ledger.lastFailedRefund(tx, order.id);
    if (!failed || !(await this.moveOrder(tx, order, ['refund_failed'], 'refund_pending', source))) return false;
    const attempt = { id: failed.attemptId, amountPaise: failed.amountPaise };
    return this.deps.ledger.startRefund(tx, order, attempt, failed.reason, source);
  }

  private async attemptFailed(tx: Db, order: PaymentOrder, source: PaymentEventSource) {
    if (order.status === 'cancelled') return;
    // Another attempt may still be paying: the order fails only when none is left.
    if ((await this.deps.ledger.pendingAttempts(tx, order.id)).length > 0) return;
    await this.moveOrder(tx, order, ['pending'], 'failed', source, {}, () => this.deps.mails.paymentFailed(tx, order));
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
    const { ledger, mails, carts } = this.deps;
    // Paid: the mail goes out, and the shopper's cart is emptied here, by the server, whoever learnt of it.
    const received = async () => {
      await Promise.all([mails.paymentReceived(tx, order, attempt.amountPaise), carts.clear(order.userId, tx)]);
    };
    const open = order.status !== 'cancelled';
    if (open && (await this.moveOrder(tx, order, AWAITING_PAYMENT, 'paid', source, {}, received))) return;
    if (order.paymentStatus === 'expired' && (await this.reviveExpired(tx, order))) {
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
    await ledger.startRefund(tx, order, attempt, reason, 'system');
  }

  /**
   * A payment that completed after its order expired: its stock re-taken (stock), all or nothing, and the order
   * placed again, paid (orders), in this transaction; false (nothing changed) when the stock is no longer there.
   */
  private async reviveExpired(tx: Db, order: PaymentOrder): Promise<boolean> {
    const { orders, stock } = this.deps;
    const lines = (await orders.lines(order.id, tx)).filter(
      (line): line is { productId: string; quantity: number } => line.productId !== null,
    );
    if (!(await stock.reserveIfAvailable(tx, lines, { kind: 'sale', orderId: order.orderId }))) return false;
    await orders.revive(order.id, tx);
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
    await Promise.all([this.deps.ledger.record(tx, { ...fact, detail }), alongside()]);
    return true;
  }
}
