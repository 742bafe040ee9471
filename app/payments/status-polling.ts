/**
 * What the payment status page shows, and when it asks again (spec section 2). The server asks the gateway each
 * time while the payment is not final, so polling it is how a late webhook or a slow UPI app shows up.
 */
import type { PaymentStatusResponse } from '../../core/contracts/payments';

/** Ask again this often while the payment is pending… */
export const POLL_EVERY_MS = 2000;
/** …for about this long, then say that it is still pending and stop. */
export const POLL_FOR_MS = 60_000;

export type PaymentAnswer = PaymentStatusResponse['data'];

export type PaymentView =
  | { view: 'checking' }
  | { view: 'error'; message: string }
  /**
   * completed and failed are final; refunded is a completed payment that went back (the order was cancelled, or
   * expired before it was paid); review holds a payment of another amount for the shop to check; waiting polls
   * on; still-waiting has stopped polling, the payment unknown; cash-on-delivery has nothing to pay online (a
   * status page opened without paymentMethod=cod, from a bookmark or the order's mail, say).
   */
  | {
      view: 'completed' | 'refunded' | 'failed' | 'review' | 'waiting' | 'still-waiting' | 'cash-on-delivery';
      payment: PaymentAnswer;
    };

export interface PollStep {
  shown: PaymentView;
  /** When to ask again, or null to stop. */
  askAgainInMs: number | null;
}

const hasTimeFor = (elapsedMs: number) => elapsedMs + POLL_EVERY_MS <= POLL_FOR_MS;

/**
 * After an answer, `elapsedMs` after the first question: COMPLETED and FAILED are final, and so, for this page, is
 * a payment under review (PENDING until the shop has checked it); PENDING polls on a while.
 */
export function afterAnswer(payment: PaymentAnswer, elapsedMs: number): PollStep {
  if (payment.paymentMethod === 'cod') return { shown: { view: 'cash-on-delivery', payment }, askAgainInMs: null };
  if (payment.state === 'COMPLETED') {
    const view = payment.paymentStatus === 'paid' ? 'completed' : 'refunded';
    return { shown: { view, payment }, askAgainInMs: null };
  }
  if (payment.state === 'FAILED') return { shown: { view: 'failed', payment }, askAgainInMs: null };
  if (payment.paymentStatus === 'review') return { shown: { view: 'review', payment }, askAgainInMs: null };
  return hasTimeFor(elapsedMs)
    ? { shown: { view: 'waiting', payment }, askAgainInMs: POLL_EVERY_MS }
    : { shown: { view: 'still-waiting', payment }, askAgainInMs: null };
}

/**
 * After a failed question. The first one shows 'Error: {message}' (not the shopper's order, no connection); once
 * the payment is known to be pending, a lost answer only means asking again, until the time is up.
 */
export function afterError(previous: PaymentView, message: string, elapsedMs: number): PollStep {
  if (!('payment' in previous)) return { shown: { view: 'error', message }, askAgainInMs: null };
  return hasTimeFor(elapsedMs)
    ? { shown: previous, askAgainInMs: POLL_EVERY_MS }
    : { shown: { view: 'still-waiting', payment: previous.payment }, askAgainInMs: null };
}

/**
 * Whether a failed payment can be tried again on the same order: the order still awaits payment, which the server
 * says with a time until which it may be paid (null once it expired or was cancelled).
 */
export const canRetry = (payment: PaymentAnswer) =>
  payment.state === 'FAILED' &&
  (payment.paymentStatus === 'failed' || payment.paymentStatus === 'pending') &&
  payment.expiresAt !== null;
