import { describe, expect, it } from 'vitest';
import { priceLines, shippingPaise } from './pricing.ts';

const rule = { freeShippingAboveRupees: 500, shippingFeeRupees: 60 };

describe('shipping and totals (spec section 9)', () => {
  it('charges nothing for an empty cart', () => {
    expect(priceLines([], rule)).toEqual({ itemsPrice: 0, shippingPrice: 0, totalPrice: 0 });
  });

  it('charges the fee up to and including the threshold, and nothing above it', () => {
    expect(priceLines([{ price: 499, quantity: 1 }], rule)).toEqual({
      itemsPrice: 499,
      shippingPrice: 60,
      totalPrice: 559,
    });
    expect(priceLines([{ price: 500, quantity: 1 }], rule)).toEqual({
      itemsPrice: 500,
      shippingPrice: 60,
      totalPrice: 560,
    });
    expect(priceLines([{ price: 500.01, quantity: 1 }], rule)).toEqual({
      itemsPrice: 500.01,
      shippingPrice: 0,
      totalPrice: 500.01,
    });
  });

  it('keeps paise exact where floating point would drift', () => {
    expect(priceLines([{ price: 389.7, quantity: 3 }], rule).itemsPrice).toBe(1169.1);
    expect(
      priceLines(
        [
          { price: 0.1, quantity: 1 },
          { price: 0.2, quantity: 1 },
        ],
        rule,
      ),
    ).toEqual({
      itemsPrice: 0.3,
      shippingPrice: 60,
      totalPrice: 60.3,
    });
  });

  it('follows the setting: threshold 0 ships everything free', () => {
    expect(shippingPaise(100, { freeShippingAboveRupees: 0, shippingFeeRupees: 60 })).toBe(0);
    expect(shippingPaise(39_900, { freeShippingAboveRupees: 399, shippingFeeRupees: 49 })).toBe(4_900);
    expect(shippingPaise(39_901, { freeShippingAboveRupees: 399, shippingFeeRupees: 49 })).toBe(0);
  });
});
