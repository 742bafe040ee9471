/** The simulator's rows as PhonePe shows them: in status answers and in webhook payloads. */
import { bankReferences } from './ids.ts';
import type { SimulatorPayment } from './payments.ts';
import type { SimulatorRefund } from './refunds.ts';

/** What PhonePe adds to each error code it reports (its error-code table), and what the simulator uses them for. */
const ERROR_DETAILS: Record<string, { detailedErrorCode: string; source: string; stage: string; description: string }> =
  {
    // The pay page's Fail button: the bank declined.
    AUTHORIZATION_ERROR: {
      detailedErrorCode: 'ZM',
      source: 'CUSTOMER',
      stage: 'AUTHENTICATION',
      description: 'Invalid UPI PIN: the bank declined the payment.',
    },
    USER_CANCELLED: {
      detailedErrorCode: 'USER_CANCELLED',
      source: 'CUSTOMER',
      stage: 'PRE_AUTHENTICATION',
      description: 'The customer cancelled the payment.',
    },
    TXN_NOT_COMPLETED: {
      detailedErrorCode: 'TXN_AUTO_FAILED',
      source: 'CUSTOMER',
      stage: 'PRE_AUTHENTICATION',
      description: 'The payment was not completed before the order expired.',
    },
  };

export const REFUND_FAILED_CODE = 'REFUND_FAILED';

const errorFields = (errorCode: string | null) =>
  errorCode ? { errorCode, detailedErrorCode: ERROR_DETAILS[errorCode]?.detailedErrorCode ?? errorCode } : {};

/** The shopper's UPI account, as PhonePe masks it. */
const INSTRUMENT = {
  type: 'ACCOUNT',
  maskedAccountNumber: 'XXXXXXX20000',
  ifsc: 'SIMU0000001',
  accountHolderName: 'Simulator Shopper',
  accountType: 'SAVINGS',
};

/** The payment's attempts: none until the shopper pays or fails (a cancel or an expiry has none). */
export function paymentDetails(payment: SimulatorPayment) {
  if (!payment.transactionId) return [];
  const rail = { type: 'UPI', ...bankReferences(payment.transactionId), vpa: '12****78@ybl' };
  return [
    {
      transactionId: payment.transactionId,
      paymentMode: 'UPI_INTENT',
      timestamp: payment.updatedAt.getTime(),
      amount: payment.amountPaise,
      payableAmount: payment.amountPaise,
      feeAmount: 0,
      state: payment.state,
      ...errorFields(payment.errorCode),
      rail,
      instrument: INSTRUMENT,
      splitInstruments: [{ amount: payment.amountPaise, rail, instrument: INSTRUMENT }],
    },
  ];
}

/** `GET /checkout/v2/order/{merchantOrderId}/status`. There is one attempt at most, so `details` changes nothing. */
export function orderStatus(payment: SimulatorPayment, { errorContext = false } = {}) {
  const details = payment.errorCode ? ERROR_DETAILS[payment.errorCode] : undefined;
  return {
    orderId: payment.id,
    state: payment.state,
    amount: payment.amountPaise,
    expireAt: payment.expireAt.getTime(),
    ...(payment.metaInfo ? { metaInfo: payment.metaInfo } : {}),
    ...errorFields(payment.errorCode),
    ...(errorContext && payment.state === 'FAILED' && details
      ? { errorContext: { errorCode: payment.errorCode, ...details } }
      : {}),
    paymentDetails: paymentDetails(payment),
  };
}

export const orderEvent = (payment: SimulatorPayment) =>
  payment.state === 'COMPLETED' ? 'checkout.order.completed' : 'checkout.order.failed';

export function orderPayload(payment: SimulatorPayment, merchantId: string) {
  const { orderId, ...status } = orderStatus(payment);
  return { merchantId, merchantOrderId: payment.merchantOrderId, orderId, ...status };
}

/** `GET /payments/v2/refund/{merchantRefundId}/status`; the time is the creation's, then the settlement's. */
export function refundStatus(refund: SimulatorRefund, merchantId: string) {
  return {
    merchantId,
    merchantRefundId: refund.merchantRefundId,
    originalMerchantOrderId: refund.originalMerchantOrderId,
    refundId: refund.id,
    amount: refund.amountPaise,
    state: refund.state,
    timestamp: (refund.state === 'PENDING' ? refund.createdAt : refund.settleAt).getTime(),
    ...(refund.state === 'FAILED' ? { errorCode: REFUND_FAILED_CODE, detailedErrorCode: REFUND_FAILED_CODE } : {}),
  };
}

export const refundEvent = (refund: SimulatorRefund, accepted = false) =>
  accepted ? 'pg.refund.accepted' : refund.state === 'FAILED' ? 'pg.refund.failed' : 'pg.refund.completed';
