import { describe, expect, it } from 'vitest';
import { POLL_EVERY_MS, POLL_FOR_MS, afterAnswer, afterError, canRetry, type PaymentAnswer } from './status-polling';

const answer = (
  state: PaymentAnswer['state'],
  paymentStatus: PaymentAnswer['paymentStatus'] = 'pending',
  expiresAt: string | null = '2026-11-22T12:20:00Z',
) => ({ state, orderId: 'A1', paymentMethod: 'prepaid' as const, paymentStatus, expiresAt });

describe('afterAnswer', () => {
  it('stops at COMPLETED and at FAILED', () => {
    expect(afterAnswer(answer('COMPLETED', 'paid'), 0)).toEqual({
      shown: { view: 'completed', payment: answer('COMPLETED', 'paid') },
      askAgainInMs: null,
    });
    expect(afterAnswer(answer('FAILED', 'failed'), 0)).toEqual({
      shown: { view: 'failed', payment: answer('FAILED', 'failed') },
      askAgainInMs: null,
    });
  });

  it('shows a completed payment that went back as refunded, not as a success', () => {
    for (const status of ['refund_pending', 'refunded', 'refund_failed'] as const) {
      expect(afterAnswer(answer('COMPLETED', status, null), 0)).toEqual({
        shown: { view: 'refunded', payment: answer('COMPLETED', status, null) },
        askAgainInMs: null,
      });
    }
  });

  it('stops at once at a cash-on-delivery order: it has nothing to pay online', () => {
    const cod = { ...answer('PENDING'), paymentMethod: 'cod' as const };
    expect(afterAnswer(cod, 0)).toEqual({ shown: { view: 'cash-on-delivery', payment: cod }, askAgainInMs: null });
  });

  it('stops at a payment under review, which the shop checks by hand', () => {
    expect(afterAnswer(answer('PENDING', 'review', null), 0)).toEqual({
      shown: { view: 'review', payment: answer('PENDING', 'review', null) },
      askAgainInMs: null,
    });
  });

  it('asks again every 2 seconds while PENDING', () => {
    const step = afterAnswer(answer('PENDING'), 10_000);
    expect(step).toEqual({ shown: { view: 'waiting', payment: answer('PENDING') }, askAgainInMs: POLL_EVERY_MS });
    expect(POLL_EVERY_MS).toBe(2000);
  });

  it('stops waiting after about a minute, saying the payment is still pending', () => {
    expect(POLL_FOR_MS).toBe(60_000);
    expect(afterAnswer(answer('PENDING'), POLL_FOR_MS - POLL_EVERY_MS).askAgainInMs).toBe(POLL_EVERY_MS);
    expect(afterAnswer(answer('PENDING'), POLL_FOR_MS - POLL_EVERY_MS + 1)).toEqual({
      shown: { view: 'still-waiting', payment: answer('PENDING') },
      askAgainInMs: null,
    });
  });
});

describe('afterError', () => {
  it("shows the first question's error and stops", () => {
    expect(afterError({ view: 'checking' }, 'Order not found', 0)).toEqual({
      shown: { view: 'error', message: 'Order not found' },
      askAgainInMs: null,
    });
  });

  it('keeps waiting through a lost answer once the payment is known to be pending', () => {
    const waiting = { view: 'waiting', payment: answer('PENDING') } as const;
    expect(afterError(waiting, 'Network error', 4000)).toEqual({ shown: waiting, askAgainInMs: POLL_EVERY_MS });
    expect(afterError(waiting, 'Network error', POLL_FOR_MS)).toEqual({
      shown: { view: 'still-waiting', payment: answer('PENDING') },
      askAgainInMs: null,
    });
  });
});

describe('canRetry', () => {
  it('offers a new attempt for a failed payment of an order that may still be paid', () => {
    expect(canRetry(answer('FAILED', 'failed'))).toBe(true);
    expect(canRetry(answer('FAILED', 'pending'))).toBe(true);
  });

  it('offers none once the order is closed, paid or pending', () => {
    expect(canRetry(answer('FAILED', 'expired', null))).toBe(false);
    expect(canRetry(answer('FAILED', 'failed', null))).toBe(false); // the shopper cancelled the order
    expect(canRetry(answer('COMPLETED', 'paid'))).toBe(false);
    expect(canRetry(answer('PENDING', 'pending'))).toBe(false);
  });
});
