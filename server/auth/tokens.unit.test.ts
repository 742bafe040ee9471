import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AccessTokens, TOKEN_ISSUER } from './tokens.ts';

const secret = new TextEncoder().encode('a-test-secret-of-enough-length-000000');
const issuer = TOKEN_ISSUER;
const tokens = new AccessTokens(secret, 900);

const forge = (
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  key: Uint8Array = secret,
): Promise<string> => new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(key);

const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** Signs any header by hand, for headers jose would refuse to write. */
function handSigned(header: object, claims: object): string {
  const unsigned = `${segment(header)}.${segment(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe('AccessTokens.check', () => {
  it('accepts what it signed, with the user id and role', async () => {
    const token = await tokens.sign({ userId: 'user-1', role: 'admin', sessionId: 's-1' });
    expect(await tokens.check(token)).toEqual({
      ok: true,
      claims: { userId: 'user-1', role: 'admin', sessionId: 's-1' },
    });
  });

  it('refuses a token whose session has ended, and one without a session', async () => {
    const ended = new Set(['s-ended']);
    const guarded = new AccessTokens(secret, 900, {
      sessions: { isActive: async (sessionId, userId) => userId === 'user-1' && !ended.has(sessionId) },
    });
    const live = await guarded.sign({ userId: 'user-1', role: 'customer', sessionId: 's-live' });
    const dead = await guarded.sign({ userId: 'user-1', role: 'customer', sessionId: 's-ended' });
    expect((await guarded.check(live)).ok).toBe(true);
    expect(await guarded.check(dead)).toEqual({ ok: false, reason: 'invalid' });
    const sessionless = await forge({ alg: 'HS256' }, { sub: 'user-1', iss: issuer, exp: now() + 60 });
    expect(await guarded.check(sessionless)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('says expired for an expired token, so the client refreshes', async () => {
    const token = await forge({ alg: 'HS256' }, { sub: 'u', sid: 's', iss: issuer, exp: now() - 1 });
    expect(await tokens.check(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a changed payload, another key, another issuer, and tokens without a subject or expiry', async () => {
    const good = await tokens.sign({ userId: 'user-1', role: 'customer', sessionId: 's-1' });
    const [header, , signature] = good.split('.');
    const cases = [
      `${header}.${segment({ sub: 'user-2', iss: issuer, exp: now() + 60, role: 'admin' })}.${signature}`,
      await forge(
        { alg: 'HS256' },
        { sub: 'u', iss: issuer, exp: now() + 60 },
        new TextEncoder().encode('x'.repeat(40)),
      ),
      await forge({ alg: 'HS256' }, { sub: 'u', iss: 'https://elsewhere.example', exp: now() + 60 }),
      await forge({ alg: 'HS256' }, { iss: issuer, exp: now() + 60 }),
      await forge({ alg: 'HS256' }, { sub: 'u', iss: issuer }),
      await forge({ alg: 'HS256' }, { sub: 'u', iss: issuer, exp: now() + 60, nbf: now() + 30 }),
    ];
    for (const token of cases) expect(await tokens.check(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses other algorithms, critical headers and garbage', async () => {
    const claims = segment({ sub: 'u', iss: issuer, exp: now() + 60 });
    const cases = [
      `${segment({ alg: 'none' })}.${claims}.`,
      await forge({ alg: 'HS512' }, { sub: 'u', iss: issuer, exp: now() + 60 }),
      handSigned({ alg: 'HS256', crit: ['x'], x: 1 }, { sub: 'u', iss: issuer, exp: now() + 60 }),
      handSigned({ alg: 'none' }, { sub: 'u', iss: issuer, exp: now() + 60 }),
      'not-a-token',
      'a.b.c',
      '',
    ];
    for (const token of cases) expect(await tokens.check(token)).toEqual({ ok: false, reason: 'invalid' });
  });
});
