import { contribute, defineModule } from '../platform/kernel/index.ts';
import { databaseFace } from '../platform/faces.ts';
import { cartFace } from '../platform/cart/face.ts';
import { stockFace } from '../platform/stock/face.ts';
import { cancelOrderRefund, ordersFace } from '../platform/orders/face.ts';
import { paymentExpiry, paymentsFace, paymentTransitions } from '../platform/payments/face.ts';
import { ApplyPayment } from './apply-payment.ts';
import { ExpireOrder } from './expire-order.ts';

interface PaymentFlows {
  /** How the gateway's answers change attempts, orders and refunds (read by the payments module). */
  paymentTransitions: ApplyPayment;
  /** How an unpaid order expires (read by the payments module's reconciler). */
  orderExpiry: ExpireOrder;
}

/**
 * A payment's flows (decision 0064), one declaration for the two sides of a payment's deadline: applying a payment
 * (`apply-payment.ts`: the gateway's answers about attempts and refunds, the refunds of cancelled, late and unneeded
 * payments, the admin's retry of a failed refund) and expiring an unpaid order (`expire-order.ts`). The payments
 * module reaches them at `payments.transitions` and `payments.expiry`, cancelling an order at `cancelOrder.refund`.
 */
export const paymentFlows = defineModule({
  name: 'paymentFlows',
  needs: {
    database: databaseFace,
    carts: cartFace,
    stock: stockFace,
    orders: ordersFace,
    payments: paymentsFace,
  },
  create: ({ needs }): PaymentFlows => {
    const { database } = needs;
    const orders = needs.orders.orderPayments;
    const stock = needs.stock.stock;
    const ledger = needs.payments.paymentLedger;
    return {
      paymentTransitions: new ApplyPayment({
        database,
        orders,
        ledger,
        mails: needs.payments.paymentMails,
        stock,
        carts: needs.carts.carts,
      }),
      orderExpiry: new ExpireOrder({ database, orders, stock, ledger }),
    };
  },
  contributes: [
    contribute(paymentTransitions, (own: PaymentFlows) => own.paymentTransitions),
    contribute(cancelOrderRefund, (own: PaymentFlows) => own.paymentTransitions.refundStep()),
    contribute(paymentExpiry, (own: PaymentFlows) => own.orderExpiry),
  ],
});
