import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES } from './contracts/payments.ts';
import { canCancel, itemCount, paymentLabel, shortOrderId } from './order.ts';

const HOUR_MS = 3_600_000;
const now = new Date('2026-11-22T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR_MS).toISOString();

describe('canCancel (spec section 9: within 24 hours, before packing)', () => {
  it('allows a placed or confirmed order inside the window', () => {
    expect(canCancel({ orderStatus: 'placed', createdAt: hoursAgo(1) }, now)).toBe(true);
    expect(canCancel({ orderStatus: 'confirmed', createdAt: hoursAgo(23.9) }, now)).toBe(true);
    expect(canCancel({ orderStatus: 'placed', createdAt: new Date(now.getTime() - HOUR_MS) }, now)).toBe(true);
  });

  it('refuses once 24 hours have passed', () => {
    expect(canCancel({ orderStatus: 'placed', createdAt: hoursAgo(24) }, now)).toBe(false);
    expect(canCancel({ orderStatus: 'confirmed', createdAt: hoursAgo(48) }, now)).toBe(false);
  });

  it('refuses from packing on, and for an order already cancelled', () => {
    for (const orderStatus of ['packed', 'shipped', 'delivered', 'cancelled'] as const) {
      expect(canCancel({ orderStatus, createdAt: hoursAgo(1) }, now)).toBe(false);
    }
  });
});

describe('shortOrderId', () => {
  it("is '#' and the last 6 characters", () => {
    expect(shortOrderId('0123456789ABCDEFGHJKMNPQ')).toBe('#JKMNPQ');
  });

  it('keeps a shorter id whole', () => {
    expect(shortOrderId('ABC')).toBe('#ABC');
  });
});

describe('itemCount', () => {
  it('adds up the quantities, not the lines', () => {
    expect(itemCount([{ quantity: 2 }, { quantity: 1 }, { quantity: 3 }])).toBe(6);
    expect(itemCount([])).toBe(0);
  });
});

describe('paymentLabel', () => {
  it('says Paid whenever the order is paid', () => {
    expect(paymentLabel({ isPaid: true, paymentStatus: 'paid', paymentMethod: 'prepaid' })).toBe('Paid');
    expect(paymentLabel({ isPaid: true, paymentStatus: 'paid', paymentMethod: 'cod' })).toBe('Paid');
  });

  it('says Failed for a failed payment', () => {
    expect(paymentLabel({ isPaid: false, paymentStatus: 'failed', paymentMethod: 'prepaid' })).toBe('Failed');
  });

  it('tells what is still to come for a pending payment', () => {
    expect(paymentLabel({ isPaid: false, paymentStatus: 'pending', paymentMethod: 'cod' })).toBe('Pay on delivery');
    expect(paymentLabel({ isPaid: false, paymentStatus: 'pending', paymentMethod: 'prepaid' })).toBe(
      'Awaiting payment',
    );
  });

  it('says Not charged for a cancelled order that was never paid', () => {
    const cancelled = { isPaid: false, paymentStatus: 'pending', orderStatus: 'cancelled' } as const;
    expect(paymentLabel({ ...cancelled, paymentMethod: 'cod' })).toBe('Not charged');
    expect(paymentLabel({ ...cancelled, paymentMethod: 'prepaid' })).toBe('Not charged');
  });

  it('says Expired for a prepaid order nobody paid in time, cancelled with it', () => {
    const expired = { isPaid: false, paymentStatus: 'expired', paymentMethod: 'prepaid' } as const;
    expect(paymentLabel(expired)).toBe('Expired');
    expect(paymentLabel({ ...expired, orderStatus: 'cancelled' })).toBe('Expired');
  });

  it('says Under review while a payment of another amount is checked', () => {
    expect(paymentLabel({ isPaid: false, paymentStatus: 'review', paymentMethod: 'prepaid' })).toBe('Under review');
  });

  it('follows the refund of a cancelled paid order, rather than saying Paid', () => {
    const refund = { isPaid: true, paymentMethod: 'prepaid', orderStatus: 'cancelled' } as const;
    expect(paymentLabel({ ...refund, paymentStatus: 'refund_pending' })).toBe('Refund pending');
    expect(paymentLabel({ ...refund, paymentStatus: 'refunded' })).toBe('Refunded');
    expect(paymentLabel({ ...refund, paymentStatus: 'refund_failed' })).toBe('Refund failed');
    expect(paymentLabel({ ...refund, isPaid: false, paymentStatus: 'refunded' })).toBe('Refunded');
  });

  it('has a label for every payment status', () => {
    for (const paymentStatus of PAYMENT_STATUSES) {
      for (const paymentMethod of ['prepaid', 'cod'] as const) {
        expect(paymentLabel({ isPaid: paymentStatus === 'paid', paymentStatus, paymentMethod })).toMatch(/^[A-Z]/);
      }
    }
  });
});
