import type { Db } from '../platform/db/client.ts';
import type { Accounts } from '../platform/auth/face.ts';
import type { MailOutbox, OutgoingMail } from '../platform/mail/face.ts';
import type { PaymentOrder } from '../platform/orders/face.ts';
import type { PaymentMails } from '../platform/payments/face.ts';
import {
  paymentFailedMail,
  paymentReceivedMail,
  refundDoneMail,
  refundStartedMail,
  type PaymentMailContext,
} from './mails.ts';

export interface PaymentMailerOptions {
  auth: Accounts;
  outbox: MailOutbox;
  shopName: string;
  origin: string;
}

/** The payments module's mails to an order's shopper (its face's `paymentMails`), queued in the caller's transaction. */
export class PaymentMailer implements PaymentMails {
  constructor(private readonly options: PaymentMailerOptions) {}

  paymentReceived(tx: Db, order: PaymentOrder, amountPaise: number): Promise<void> {
    return this.send(tx, order, (context) => paymentReceivedMail(context, amountPaise));
  }

  paymentFailed(tx: Db, order: PaymentOrder): Promise<void> {
    return this.send(tx, order, (context) => paymentFailedMail(context, order.paymentExpiresAt));
  }

  refundStarted(tx: Db, order: PaymentOrder, amountPaise: number, reason: string): Promise<void> {
    return this.send(tx, order, (context) => refundStartedMail(context, amountPaise, reason));
  }

  refundDone(tx: Db, order: PaymentOrder, amountPaise: number): Promise<void> {
    return this.send(tx, order, (context) => refundDoneMail(context, amountPaise));
  }

  /** The buyer's name read in `tx`, then the mail queued in it. */
  private async send(tx: Db, order: PaymentOrder, build: (context: PaymentMailContext) => OutgoingMail) {
    const buyer = await this.options.auth.buyer(order.userId, tx);
    const context = {
      shopName: this.options.shopName,
      origin: this.options.origin,
      fullName: buyer?.fullName ?? '',
      to: order.email,
      orderId: order.orderId,
    };
    await this.options.outbox.enqueue(build(context), tx);
  }
}
