import { describe, expect, it } from 'vitest';
import { RECOVERY_CODE_BITS, newRecoveryCodes, recoveryCodeHash, recoveryCodeMatches } from './second-factor.ts';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

describe('recovery codes', () => {
  it('carry 120 bits: 24 symbols of base32', () => {
    expect(RECOVERY_CODE_BITS).toBe(120);
    for (const code of newRecoveryCodes()) expect(code.replace(/-/g, '')).toMatch(/^[0-9a-hjkmnp-tv-z]{24}$/);
  });

  it('draw every symbol equally often: no modulo bias', () => {
    const counts = new Map<string, number>();
    for (let round = 0; round < 1000; round++)
      for (const code of newRecoveryCodes())
        for (const symbol of code.replace(/-/g, '')) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe(ALPHABET);
    // 240000 symbols, 7500 expected each (σ ≈ 85): a byte taken modulo 31 would give some 12% more.
    for (const [symbol, count] of counts) expect(Math.abs(count - 7500), symbol).toBeLessThan(500);
  });

  it('are kept as salt$hash, a salt of their own each, and match however they are typed', () => {
    const [code] = newRecoveryCodes();
    const first = recoveryCodeHash(code!);
    const second = recoveryCodeHash(code!);
    expect(first).not.toBe(second);
    expect(recoveryCodeMatches(first, code!)).toBe(true);
    expect(recoveryCodeMatches(second, ` ${code!.toUpperCase().replace(/-/g, ' ')} `)).toBe(true);
    expect(recoveryCodeMatches(first, newRecoveryCodes()[0]!)).toBe(false);
    // O for 0 and I or L for 1, as Crockford's base32 reads them.
    const zeroOne = '0101-0101-0101-0101-0101-0101';
    expect(recoveryCodeMatches(recoveryCodeHash(zeroOne), 'OIOL-0101-0101-0101-0101-0101')).toBe(true);
  });

  it('still take a code kept, before decision 0047, as its bare SHA-256', async () => {
    const { createHash } = await import('node:crypto');
    const legacy = createHash('sha256').update('7f3k9q2mx8w4').digest('hex');
    expect(recoveryCodeMatches(legacy, '7F3K-9Q2M-X8W4')).toBe(true);
    expect(recoveryCodeMatches(legacy, '7f3k-9q2m-x8w5')).toBe(false);
  });
});
