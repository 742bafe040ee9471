import { describe, expect, it } from 'vitest';
import { toast, toasterOptions } from './toast';

describe('toasts (spec section 9)', () => {
  it('has the five kinds, each with its duration, at most 350 px wide', () => {
    expect(Object.keys(toast)).toEqual(expect.arrayContaining(['blank', 'error', 'success', 'loading', 'custom']));
    expect(toasterOptions).toEqual({
      style: { maxWidth: 350 },
      blank: { duration: 4000 },
      error: { duration: 4000 },
      success: { duration: 2000 },
      loading: { duration: Number.POSITIVE_INFINITY },
      custom: { duration: 4000 },
    });
  });
});
