import { describe, expect, it } from 'vitest';
import { isPayPageUrl } from './redirect-url';

describe('isPayPageUrl', () => {
  it('accepts an absolute http or https address', () => {
    expect(isPayPageUrl('https://mercury-t2.phonepe.com/transact/pg?token=abc')).toBe(true);
    expect(isPayPageUrl('http://127.0.0.1:3000/__phonepe/pay/OMO123')).toBe(true);
  });

  it('refuses a missing or empty address', () => {
    for (const value of [undefined, null, '', '   ', 42, {}]) expect(isPayPageUrl(value)).toBe(false);
  });

  it('refuses a relative address', () => {
    expect(isPayPageUrl('/__phonepe/pay/OMO123')).toBe(false);
    expect(isPayPageUrl('pay?token=abc')).toBe(false);
    expect(isPayPageUrl('//mercury.phonepe.com/transact')).toBe(false);
  });

  it('refuses addresses that would run or embed something instead of opening a page', () => {
    for (const value of ['javascript:alert(1)', 'data:text/html,<p>pay</p>', 'ftp://example.com/pay', 'https://'])
      expect(isPayPageUrl(value)).toBe(false);
  });
});
