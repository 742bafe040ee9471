import { describe, expect, it } from 'vitest';
import type { StatusEvent } from '../../core/order';
import { awaitsPayment, formatOrderDate, formatStatusTime, payOrderPath, timelineSteps } from './order-display';

const history: StatusEvent[] = [
  { status: 'placed', at: '2026-11-22T04:00:00.000Z' },
  { status: 'confirmed', at: '2026-11-22T06:30:00.000Z' },
  { status: 'packed', at: '2026-11-23T10:00:00.000Z' },
];

describe('order dates', () => {
  it('reads in long English format on the shop clock (India), whatever the machine zone', () => {
    expect(formatOrderDate('2026-11-22T04:00:00.000Z')).toBe('22 November 2026');
    // 20:15 UTC is already the next day in India.
    expect(formatOrderDate('2026-11-22T20:15:00.000Z')).toBe('23 November 2026');
  });

  it('gives status times with the hour in India', () => {
    expect(formatStatusTime('2026-11-22T06:30:00.000Z')).toBe('22 Nov 2026, 12:00 pm');
  });
});

describe('timelineSteps', () => {
  it('marks the steps reached with their times, the present one current and the rest upcoming', () => {
    const steps = timelineSteps({ orderStatus: 'packed', statusHistory: history });
    expect(steps).toEqual([
      { status: 'placed', label: 'Placed', at: history[0]!.at, state: 'done' },
      { status: 'confirmed', label: 'Confirmed', at: history[1]!.at, state: 'done' },
      { status: 'packed', label: 'Packed', at: history[2]!.at, state: 'current' },
      { status: 'shipped', label: 'Shipped', at: undefined, state: 'upcoming' },
      { status: 'delivered', label: 'Delivered', at: undefined, state: 'upcoming' },
    ]);
  });

  it('ends on a current Delivered step', () => {
    const delivered = [
      ...history,
      { status: 'shipped', at: '2026-11-24T10:00:00.000Z' },
      { status: 'delivered', at: '2026-11-26T10:00:00.000Z' },
    ] satisfies StatusEvent[];
    const steps = timelineSteps({ orderStatus: 'delivered', statusHistory: delivered });
    expect(steps.map((step) => step.state)).toEqual(['done', 'done', 'done', 'done', 'current']);
    expect(steps.at(-1)?.at).toBe('2026-11-26T10:00:00.000Z');
  });

  it('shows a cancelled order as the steps it reached, then Cancelled with its time', () => {
    const cancelledAt = '2026-11-22T08:00:00.000Z';
    const steps = timelineSteps({
      orderStatus: 'cancelled',
      statusHistory: [history[0]!, history[1]!, { status: 'cancelled', at: cancelledAt }],
    });
    expect(steps.map(({ label, state }) => `${label}:${state}`)).toEqual([
      'Placed:done',
      'Confirmed:done',
      'Cancelled:current',
    ]);
    expect(steps.at(-1)?.at).toBe(cancelledAt);
  });

  it('keeps a step without a recorded time instead of dropping it', () => {
    const steps = timelineSteps({ orderStatus: 'confirmed', statusHistory: [history[0]!] });
    expect(steps[1]).toEqual({ status: 'confirmed', label: 'Confirmed', at: undefined, state: 'current' });
  });
});

describe('awaitsPayment', () => {
  const prepaid = { paymentMethod: 'prepaid', isPaid: false, orderStatus: 'placed' } as const;

  it('is true for a prepaid order not yet paid, or whose last attempt failed', () => {
    expect(awaitsPayment({ ...prepaid, paymentStatus: 'pending' })).toBe(true);
    expect(awaitsPayment({ ...prepaid, paymentStatus: 'failed' })).toBe(true);
  });

  it('is false for cash on delivery, a paid, expired or reviewed payment, and a cancelled order', () => {
    expect(awaitsPayment({ ...prepaid, paymentMethod: 'cod', paymentStatus: 'pending' })).toBe(false);
    expect(awaitsPayment({ ...prepaid, isPaid: true, paymentStatus: 'paid' })).toBe(false);
    expect(awaitsPayment({ ...prepaid, paymentStatus: 'expired' })).toBe(false);
    expect(awaitsPayment({ ...prepaid, paymentStatus: 'review' })).toBe(false);
    expect(awaitsPayment({ ...prepaid, orderStatus: 'cancelled', paymentStatus: 'failed' })).toBe(false);
  });
});

describe('payOrderPath', () => {
  it("is checkout's Pay for this order", () => {
    expect(payOrderPath('0123456789ABCDEFGHJKMNPQ')).toBe('/checkout?payOrder=0123456789ABCDEFGHJKMNPQ');
  });
});
