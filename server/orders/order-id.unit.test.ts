import { describe, expect, it } from 'vitest';
import { newOrderId, ORDER_ID_PATTERN } from './order-id.ts';

describe('newOrderId', () => {
  it("is 24 characters of Crockford's base32, without I, L, O or U", () => {
    for (let count = 0; count < 1000; count++) {
      const id = newOrderId();
      expect(id).toHaveLength(24);
      expect(id).toMatch(ORDER_ID_PATTERN);
      expect(id).not.toMatch(/[ILOU]/);
    }
  });

  it('gives 10,000 distinct ids', () => {
    const ids = new Set(Array.from({ length: 10_000 }, newOrderId));
    expect(ids.size).toBe(10_000);
  });

  it('uses the whole alphabet, so each character carries 5 random bits', () => {
    const seen = new Set(Array.from({ length: 200 }, newOrderId).join(''));
    expect(seen.size).toBe(32);
  });
});
