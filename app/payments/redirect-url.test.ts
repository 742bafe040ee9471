import { describe, expect, it } from 'vitest';
import { isPayPageUrl } from './redirect-url';

const ORIGINS = ['https://mercury-t2.phonepe.com', 'http://127.0.0.1:3000'];

describe('isPayPageUrl', () => {
  it("accepts an absolute http or https address on one of the gateway's pay page origins", () => {
    expect(isPayPageUrl('https://mercury-t2.phonepe.com/transact/pg?token=abc', ORIGINS)).toBe(true);
    expect(isPayPageUrl('http://127.0.0.1:3000/__phonepe/pay/OMO123', ORIGINS)).toBe(true);
  });

  it('refuses an address on any other origin, however close', () => {
    for (const value of [
      'https://mercury.phonepe.com/transact/pg?token=abc',
      'http://mercury-t2.phonepe.com/transact/pg',
      'https://mercury-t2.phonepe.com.evil.example/transact',
      'https://mercury-t2.phonepe.com:8443/transact',
      'http://127.0.0.1:3001/__phonepe/pay/OMO123',
      'http://localhost:3000/__phonepe/pay/OMO123',
    ])
      expect(isPayPageUrl(value, ORIGINS), value).toBe(false);
    expect(isPayPageUrl('https://mercury-t2.phonepe.com/transact/pg', [])).toBe(false);
  });

  it('refuses a missing or empty address', () => {
    for (const value of [undefined, null, '', '   ', 42, {}]) expect(isPayPageUrl(value, ORIGINS)).toBe(false);
  });

  it('refuses a relative address', () => {
    expect(isPayPageUrl('/__phonepe/pay/OMO123', ORIGINS)).toBe(false);
    expect(isPayPageUrl('pay?token=abc', ORIGINS)).toBe(false);
    expect(isPayPageUrl('//mercury-t2.phonepe.com/transact', ORIGINS)).toBe(false);
  });

  it('refuses addresses that would run or embed something instead of opening a page', () => {
    for (const value of ['javascript:alert(1)', 'data:text/html,<p>pay</p>', 'ftp://example.com/pay', 'https://'])
      expect(isPayPageUrl(value, ORIGINS)).toBe(false);
  });
});
