import { describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES, deliveryLines, formatDeliveryDate } from './delivery.ts';

describe('a delivery date', () => {
  it('reads as the product page says it: weekday, day and month', () => {
    expect(formatDeliveryDate('2025-12-17')).toBe('Wed, 17 Dec');
    expect(formatDeliveryDate('2026-12-17')).toBe('Thu, 17 Dec');
    expect(formatDeliveryDate('2027-09-01')).toBe('Wed, 1 Sept');
  });
});

describe('what a delivery estimate says', () => {
  it('gives the date and cash on delivery where both are known', () => {
    expect(deliveryLines({ serviceable: true, cod: true, estimatedDeliveryDate: '2025-12-17' })).toEqual([
      'Delivery by Wed, 17 Dec',
      'Cash on delivery available.',
    ]);
  });

  it('says cash on delivery is not taken, and leaves out a date no courier gave', () => {
    expect(deliveryLines({ serviceable: true, cod: false, estimatedDeliveryDate: null })).toEqual([
      DELIVERY_MESSAGES.noCod,
    ]);
  });

  it('says only that the PIN is not delivered to', () => {
    expect(deliveryLines({ serviceable: false, cod: false, estimatedDeliveryDate: null })).toEqual([
      'Sorry, we do not deliver to this PIN code yet.',
    ]);
  });
});
