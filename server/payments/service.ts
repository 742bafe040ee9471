import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../platform/db/client.ts';
import { Statement } from '../platform/db/statement.ts';
import { HttpError, brokenConstraint } from '../platform/http/errors.ts';
import type { JobScheduler } from '../platform/work/jobs.ts';
import { AWAITING_PAYMENT } from '../../core/contracts/payments.ts';
import type { OrderPayments, PaymentOrder, PaymentMethodSteps } from '../platform/orders/face.ts';
import type { PaymentTransitions } from '../platform/payments/face.ts';
import { runWorkflow, together, type Step } from '../platform/db/workflow.ts';
import {
  MAX_UNPAID_PREPAID_ORDERS,
  PAYMENT_MESSAGES,
  type CreatePaymentResponse,
  type GatewayState,
  type PaymentEventSource,
  type PaymentStatusResponse,
} from '../../core/contracts/payments.ts';
import { GatewayError, PAY_PAGE_MISSING, PAY_PAGE_ORIGIN, type PaymentGateway } from './gateway.ts';
import { paymentAttempts } from './schema.ts';
import { ledger } from './ledger.ts';
import { paymentHistory } from './history.ts';
import type { OrderPaymentHistory } from '../../core/contracts/admin-orders.ts';
import { FIRST_CHECK_SECONDS, PAYMENT_CHECK_JOB, PAYMENT_EXPIRY_JOB, type Reconciler } from './reconciliation.ts';

/** PhonePe accepts 300 to 3600 seconds for a payment to stay open. */
const GATEWAY_MIN_EXPIRY = 300;
const GATEWAY_MAX_EXPIRY = 3600;
const ORDER_NOT_FOUND = 'Order not found';
/** Serialises one shopper's prepaid orders while the unpaid ones are counted. */
const UNPAID_ORDERS_LOCK = 7_242_010;

export interface PaymentServiceOptions {
  database: Database;
  gateway: PaymentGateway;
  orders: OrderPayments;
  jobs: JobScheduler;
  /** The applyPayment flow's transitions (extension point `payments.transitions`), read when one is applied. */
  transitions: () => PaymentTransitions;
  reconciler: Reconciler;
  origin: string;
  shopName: string;
  expirySeconds: number;
}

const insertAttempt = new Statement<{
  id: string;
  merchantOrderId: string;
  orderId: string;
  amountPaise: number;
  expireAfterSeconds: number;
}>('insert-payment-attempt', (db) =>
  db.insert(paymentAttempts).values({
    id: sql.placeholder('id'),
    merchantOrderId: sql.placeholder('merchantOrderId'),
    orderId: sql.placeholder('orderId'),
    amountPaise: sql.placeholder('amountPaise'),
    // The next number for the order: the unique (order, number) and the check on it keep an order to
    // MAX_PAYMENT_ATTEMPTS, however many calls race.
    attemptNumber: sql`(select coalesce(max(${paymentAttempts.attemptNumber}), 0) + 1 from ${paymentAttempts}
      where ${paymentAttempts.orderId} = ${sql.placeholder('orderId')}::uuid)`,
    expiresAt: sql`now() + make_interval(secs => ${sql.placeholder('expireAfterSeconds')})`,
  }),
);

/** The constraint an attempt's number breaks past MAX_PAYMENT_ATTEMPTS (the unique (order, number) guards the rest). */
const OVER_LIMIT = 'payment_attempts_at_most_allowed';

const lockUnpaidOrders = new Statement<{ userId: string }>(
  'lock-unpaid-orders',
  () => sql`select pg_advisory_xact_lock(${UNPAID_ORDERS_LOCK}, hashtext(${sql.placeholder('userId')}))`,
);

/** What the shop's status answer says of an order's payment. */
const STATE_OF: Record<PaymentOrder['paymentStatus'], GatewayState> = {
  pending: 'PENDING',
  review: 'PENDING',
  paid: 'COMPLETED',
  refund_pending: 'COMPLETED',
  refunded: 'COMPLETED',
  refund_failed: 'COMPLETED',
  failed: 'FAILED',
  expired: 'FAILED',
};

/**
 * Prepaid payments (issue 10, decision 0019): an order's payment attempts at the gateway, the shopper's status
 * checks, and the steps a prepaid order adds to placing an order.
 */
export class PaymentService {
  constructor(private readonly options: PaymentServiceOptions) {}

  /**
   * The steps a prepaid order adds to placing an order. Opening: one shopper's prepaid orders go one at a time,
   * and at most 3 may be unpaid at once (the count is sent after the lock, so it runs once the lock is held and
   * sees every order of theirs placed before). After the order is written: its expiry scheduled.
   */
  orderSteps(): PaymentMethodSteps {
    const { orders, jobs, expirySeconds } = this.options;
    return {
      opening: [
        {
          name: 'limitUnpaidOrders',
          run: async (tx, { userId }) => {
            const [, unpaid] = await Promise.all([
              lockUnpaidOrders.run(tx, { userId }),
              orders.unpaidCount(userId, tx),
            ]);
            if (unpaid >= MAX_UNPAID_PREPAID_ORDERS) throw new HttpError(409, PAYMENT_MESSAGES.tooManyUnpaid);
          },
        },
      ],
      followUps: [
        {
          name: 'scheduleExpiry',
          run: (tx, { order }) =>
            jobs.schedule({ kind: PAYMENT_EXPIRY_JOB, key: order.orderId, inSeconds: expirySeconds }, tx),
        },
      ],
    };
  }

  /** An order's attempts, payment changes and refunds, by the order's row id (the back office's order page). */
  historyOf(orderRowId: string): Promise<OrderPaymentHistory> {
    return paymentHistory(this.options.database.db, orderRowId);
  }

  /**
   * The back office's retry of a prepaid order's failed refund (issue 22), by the order's public id: the order,
   * locked, back to refund_pending with a new refund of its payment, sent by the refund job and mailed, the events
   * logged as the admin's; `alongside` (the admin's audit entry) is written in the same transaction. Two retries at
   * once queue on the lock, and the second finds nothing to retry: 409, as for an order whose refund did not fail.
   */
  async retryRefund(orderId: string, alongside: (tx: Db, order: PaymentOrder) => Promise<unknown>): Promise<void> {
    const { orders, transitions } = this.options;
    const order = await orders.byOrderId(orderId);
    if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
    const steps: Step<{ locked: PaymentOrder | null }>[] = [
      { name: 'lockOrder', run: async (tx, retry) => (retry.locked = await orders.lockedById(order.id, tx)) },
      {
        name: 'startRefundAgain',
        run: async (tx, { locked }) => {
          if (!locked || !(await transitions().retryFailedRefund(tx, locked, 'admin'))) {
            throw new HttpError(409, PAYMENT_MESSAGES.noFailedRefund);
          }
        },
      },
      { name: 'alongside', run: (tx, { locked }) => alongside(tx, locked!) },
    ];
    await runWorkflow(this.options.database, { name: 'retryRefund', steps }, { locked: null });
  }

  /** A new attempt at paying the shopper's unpaid prepaid order; the amount is the order's. */
  async createPayment(userId: string, orderId: string): Promise<CreatePaymentResponse> {
    const order = await this.ownOrder(userId, orderId);
    if (order.paymentMethod !== 'prepaid') throw new HttpError(409, PAYMENT_MESSAGES.notPrepaid);
    if (order.paymentStatus === 'paid') throw new HttpError(409, PAYMENT_MESSAGES.alreadyPaid);
    const secondsLeft = order.paymentExpiresAt ? (order.paymentExpiresAt.getTime() - Date.now()) / 1000 : 0;
    if (order.status === 'cancelled' || !AWAITING_PAYMENT.includes(order.paymentStatus) || secondsLeft <= 0) {
      throw new HttpError(409, PAYMENT_MESSAGES.orderClosed);
    }
    const expireAfterSeconds = Math.min(GATEWAY_MAX_EXPIRY, Math.max(GATEWAY_MIN_EXPIRY, Math.ceil(secondsLeft)));
    const merchantOrderId = `${order.orderId}-${randomBytes(6).toString('hex')}`;
    // Recorded before the gateway hears of it, and checked on schedule, so an answer lost on the way is found.
    await this.recordAttempt(order, merchantOrderId, expireAfterSeconds);
    try {
      const created = await this.options.gateway.createPayment({
        merchantOrderId,
        amountPaise: order.totalPricePaise,
        expireAfterSeconds,
        redirectUrl: `${this.options.origin}/payment/status?orderId=${order.orderId}`,
        message: `${this.options.shopName} order ${order.orderId}`,
        metaInfo: { udf1: order.orderId },
      });
      // The gateway's own id for it arrives with its outcome (webhook or status check), and is kept then.
      return {
        redirectUrl: created.redirectUrl,
        merchantOrderId,
        expiresAt: new Date(created.expireAt || Date.now() + expireAfterSeconds * 1000).toISOString(),
      };
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      if (error.kind === 'unavailable') throw new HttpError(503, PAYMENT_MESSAGES.gatewayUnavailable);
      await this.options
        .transitions()
        .applyAttempt(
          merchantOrderId,
          { state: 'FAILED', amountPaise: 0, errorCode: error.code ?? 'REJECTED' },
          'system',
        );
      const refusedPayPage = error.code === PAY_PAGE_MISSING || error.code === PAY_PAGE_ORIGIN;
      throw new HttpError(502, refusedPayPage ? PAYMENT_MESSAGES.invalidRedirect : PAYMENT_MESSAGES.gatewayFailed);
    }
  }

  /**
   * The payment of the shopper's order, by the shop's orderId or one attempt's merchantOrderId. While the order
   * awaits payment, the gateway is asked first (`source` says who asked).
   */
  async status(
    userId: string,
    id: string,
    source: PaymentEventSource = 'status-check',
  ): Promise<PaymentStatusResponse> {
    let order = await this.ownOrder(userId, id);
    if (order.paymentMethod === 'prepaid' && AWAITING_PAYMENT.includes(order.paymentStatus)) {
      for (const attempt of await ledger.pendingAttempts(this.options.database.db, order.id)) {
        // Throttled per attempt; the gateway being slow or down must not hide what the shop already knows.
        await this.options.reconciler.check({ id: attempt.id }, source, { throttled: true }).catch(() => undefined);
      }
      order = (await this.options.orders.byId(order.id)) ?? order;
    }
    const open = order.status !== 'cancelled' && AWAITING_PAYMENT.includes(order.paymentStatus);
    return {
      data: {
        state: order.paymentMethod === 'cod' ? 'PENDING' : STATE_OF[order.paymentStatus],
        orderId: order.orderId,
        paymentMethod: order.paymentMethod,
        paymentStatus: order.paymentStatus,
        expiresAt: open && order.paymentExpiresAt ? order.paymentExpiresAt.toISOString() : null,
      },
    };
  }

  /** The new attempt, numbered; past MAX_PAYMENT_ATTEMPTS for the order, a 409 and nothing is written. */
  private async recordAttempt(order: PaymentOrder, merchantOrderId: string, expireAfterSeconds: number) {
    try {
      await this.writeAttempt(order, merchantOrderId, expireAfterSeconds);
    } catch (error) {
      if (brokenConstraint(error) === OVER_LIMIT) throw new HttpError(409, PAYMENT_MESSAGES.tooManyAttempts);
      throw error;
    }
  }

  /**
   * The startPayment workflow: lockOrder (one attempt at a time is numbered per order, so racing calls queue
   * instead of colliding) → awaitPaymentAgain (a retry after a failed attempt) → record: the new attempt, its event
   * and its first check, sent together.
   */
  private async writeAttempt(order: PaymentOrder, merchantOrderId: string, expireAfterSeconds: number) {
    const attemptId = randomUUID();
    const { jobs } = this.options;
    await runWorkflow(
      this.options.database,
      {
        name: 'startPayment',
        steps: [
          { name: 'lockOrder', run: (tx) => this.options.orders.lockedById(order.id, tx) },
          { name: 'awaitPaymentAgain', run: (tx) => this.awaitPaymentAgain(tx, order) },
          together('record', [
            {
              name: 'insertAttempt',
              run: (tx) =>
                insertAttempt.run(tx, {
                  id: attemptId,
                  merchantOrderId,
                  orderId: order.id,
                  amountPaise: order.totalPricePaise,
                  expireAfterSeconds,
                }),
            },
            {
              name: 'recordAttempt',
              run: (tx) =>
                ledger.record(tx, {
                  orderId: order.id,
                  subject: 'attempt',
                  attemptId,
                  fromState: null,
                  toState: 'pending',
                  source: 'shopper',
                }),
            },
            {
              name: 'scheduleFirstCheck',
              run: (tx) =>
                jobs.schedule({ kind: PAYMENT_CHECK_JOB, key: attemptId, inSeconds: FIRST_CHECK_SECONDS }, tx),
            },
          ]),
        ],
      },
      null,
    );
  }

  /** A retry after a failed attempt: the order awaits payment again. */
  private async awaitPaymentAgain(tx: Db, order: PaymentOrder): Promise<void> {
    if (order.paymentStatus !== 'failed') return;
    if (!(await this.options.orders.move(order.id, ['failed'], 'pending', tx))) return;
    await ledger.record(tx, {
      orderId: order.id,
      subject: 'order',
      fromState: 'failed',
      toState: 'pending',
      source: 'shopper',
    });
  }

  /** The shopper's own order by orderId or attempt id; anyone else's is 'not found', like a missing one. */
  private async ownOrder(userId: string, id: string): Promise<PaymentOrder> {
    const { orders, database } = this.options;
    let order = await orders.byOrderId(id);
    if (!order) {
      const attempt = await ledger.attempt(database.db, { merchantOrderId: id.trim() });
      order = attempt ? await orders.byId(attempt.orderId) : null;
    }
    if (!order || order.userId !== userId) throw new HttpError(404, ORDER_NOT_FOUND);
    return order;
  }
}
