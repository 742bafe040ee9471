import type { Db } from '../../server/platform/db/client.ts';
import { SimulatorError } from './errors.ts';
import {
  createPayment,
  expireIfDue,
  findPayment,
  newTransactionId,
  settlePayment,
  type Settlement,
  type SimulatorPayment,
} from './payments.ts';
import { createRefund, findRefund, settleDueRefunds, settleRefund, type SimulatorRefund } from './refunds.ts';
import { orderEvent, orderPayload, refundEvent, refundStatus } from './views.ts';
import type { SimulatorLog, WebhookSender } from './webhooks.ts';

/** What the shopper (pay page) or a test (control API) decides about a payment. */
export type PaymentOutcome = 'COMPLETED' | 'FAILED' | 'CANCELLED';

export interface FinishOptions {
  /** What the bank reports as paid, when it differs from the order's amount (COMPLETED only). */
  amountPaise?: number;
  /** false: the change happens but its webhook is lost. */
  webhook?: boolean;
}

export interface SimulatorSettings {
  db: Db;
  /** The merchant's client: the pay page and the control API act for it. */
  clientId: string;
  merchantId: string;
  refundSettleMs: number;
  webhooks: WebhookSender;
  log: SimulatorLog;
}

function settlementFor(outcome: PaymentOutcome, amountPaise: number | undefined): Settlement {
  if (outcome === 'COMPLETED')
    return { state: 'COMPLETED', errorCode: null, transactionId: newTransactionId(), amountPaise };
  // A cancelled payment has no attempt; PhonePe reports it FAILED all the same.
  if (outcome === 'CANCELLED') return { state: 'FAILED', errorCode: 'USER_CANCELLED', transactionId: null };
  return { state: 'FAILED', errorCode: 'AUTHORIZATION_ERROR', transactionId: newTransactionId() };
}

/**
 * PhonePe's side of each payment and refund. Every change is one conditional update, so two processes on one
 * database change a row once; the process whose update won sends its webhook, after the change is committed.
 */
export class PhonePeSimulator {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly settings: SimulatorSettings) {}

  get clientId(): string {
    return this.settings.clientId;
  }

  createPayment(clientId: string, body: unknown): Promise<SimulatorPayment> {
    return createPayment(this.settings.db, clientId, body);
  }

  /** The payment as it is now: a PENDING one past its expiry becomes FAILED (and says so by webhook). */
  async payment(clientId: string, merchantOrderId: string): Promise<SimulatorPayment> {
    return this.current(await findPayment(this.settings.db, clientId, merchantOrderId));
  }

  async current(payment: SimulatorPayment): Promise<SimulatorPayment> {
    if (payment.state !== 'PENDING' || payment.expireAt > new Date()) return payment;
    const expired = await expireIfDue(this.settings.db, payment);
    if (expired) this.notifyPayment(expired);
    // Null: another process expired (or settled) it a moment ago.
    return expired ?? findPayment(this.settings.db, payment.clientId, payment.merchantOrderId);
  }

  /** The pay page's buttons and the control API: only a PENDING, unexpired payment changes. */
  async finish(
    payment: SimulatorPayment,
    outcome: PaymentOutcome,
    { amountPaise, webhook = true }: FinishOptions = {},
  ): Promise<{ changed: boolean; payment: SimulatorPayment }> {
    const settled = await settlePayment(this.settings.db, payment.id, settlementFor(outcome, amountPaise));
    if (settled) {
      if (webhook) this.notifyPayment(settled);
      return { changed: true, payment: settled };
    }
    const now = await findPayment(this.settings.db, payment.clientId, payment.merchantOrderId);
    return { changed: false, payment: await this.current(now) };
  }

  /** Sends the payment's last webhook again, as PhonePe sometimes does (duplicate delivery). */
  async resendPaymentWebhook(merchantOrderId: string): Promise<string> {
    const payment = await this.payment(this.clientId, merchantOrderId);
    if (payment.state === 'PENDING')
      throw new SimulatorError(409, 'ORDER_PENDING', `${merchantOrderId} is PENDING: no webhook was sent yet`);
    this.notifyPayment(payment);
    return orderEvent(payment);
  }

  async createRefund(clientId: string, body: unknown): Promise<SimulatorRefund> {
    const refund = await createRefund(this.settings.db, clientId, body, this.settings.refundSettleMs);
    this.notifyRefund(refund, true);
    return refund;
  }

  /** The refund as it is now: one whose settling time has passed completes. */
  async refund(clientId: string, merchantRefundId: string): Promise<SimulatorRefund> {
    const refund = await findRefund(this.settings.db, clientId, merchantRefundId);
    if (refund.state !== 'PENDING' || refund.settleAt > new Date()) return refund;
    const settled = await settleRefund(this.settings.db, refund.id, 'COMPLETED', { onlyWhenDue: true });
    if (settled) this.notifyRefund(settled);
    return settled ?? findRefund(this.settings.db, clientId, merchantRefundId);
  }

  /** The control API: settles a PENDING refund now. */
  async settleRefundNow(
    merchantRefundId: string,
    state: 'COMPLETED' | 'FAILED',
    { webhook = true } = {},
  ): Promise<{ changed: boolean; refund: SimulatorRefund }> {
    const refund = await findRefund(this.settings.db, this.clientId, merchantRefundId);
    const settled = await settleRefund(this.settings.db, refund.id, state);
    if (settled && webhook) this.notifyRefund(settled);
    return settled ? { changed: true, refund: settled } : { changed: false, refund };
  }

  /** Completes due refunds every `intervalMs` until stop(); the timer never keeps the process alive. */
  start(intervalMs: number): void {
    const tick = () => {
      this.sweeping = this.sweep().finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, intervalMs).unref();
      });
    };
    this.timer = setTimeout(tick, intervalMs).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.sweeping;
    await this.settings.webhooks.close();
  }

  private async sweep(): Promise<void> {
    try {
      for (const refund of await settleDueRefunds(this.settings.db)) this.notifyRefund(refund);
    } catch (error) {
      this.settings.log('PhonePe simulator: settling due refunds failed', error);
    }
  }

  private notifyPayment(payment: SimulatorPayment): void {
    this.settings.webhooks.send(orderEvent(payment), orderPayload(payment, this.settings.merchantId));
  }

  private notifyRefund(refund: SimulatorRefund, accepted = false): void {
    this.settings.webhooks.send(refundEvent(refund, accepted), refundStatus(refund, this.settings.merchantId));
  }
}
