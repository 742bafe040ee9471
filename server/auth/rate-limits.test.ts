import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import { uniqueEmail } from '../testing/accounts.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ SEED_DEMO: 'false', AUTH_ATTEMPTS_PER_MINUTE: '10' });
});
afterAll(async () => {
  await shop?.close();
});

const attempt = (url: string, payload: object, remoteAddress: string) =>
  shop.app.inject({ method: 'POST', url, payload, remoteAddress });

describe('auth rate limits', () => {
  it('answers the 11th sign-in attempt within a minute with 429 and Retry-After', async () => {
    const email = uniqueEmail();
    for (let index = 0; index < 10; index++) {
      expect((await attempt('/api/auth/signin', { email, password: 'wrong123' }, '10.0.0.1')).statusCode).toBe(401);
    }
    const eleventh = await attempt('/api/auth/signin', { email, password: 'wrong123' }, '10.0.0.1');
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(eleventh.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/);
  });

  it('limits per e-mail across addresses, and per address across e-mails', async () => {
    const email = uniqueEmail();
    for (let index = 0; index < 10; index++)
      await attempt('/api/auth/signin', { email, password: 'x' }, `10.1.0.${index}`);
    expect((await attempt('/api/auth/signin', { email, password: 'x' }, '10.1.1.1')).statusCode).toBe(429);

    for (let index = 0; index < 10; index++) {
      await attempt('/api/auth/forgot-password', { email: uniqueEmail() }, '10.2.0.1');
    }
    expect((await attempt('/api/auth/forgot-password', { email: uniqueEmail() }, '10.2.0.1')).statusCode).toBe(429);
    expect((await attempt('/api/auth/forgot-password', { email: uniqueEmail() }, '10.2.0.2')).statusCode).toBe(200);
  });

  it('limits sign-up, resend-verification and reset too', async () => {
    const cases: Array<[string, () => object]> = [
      ['/api/auth/signup', () => ({ fullname: 'Asha Verma', email: uniqueEmail(), password: 'secret12' })],
      ['/api/auth/resend-verification-email', () => ({ email: uniqueEmail() })],
      [
        '/api/auth/reset-password/not-a-real-token-value-at-all',
        () => ({ newPassword: 'NewPass1', confirmPassword: 'NewPass1' }),
      ],
    ];
    for (const [index, [url, payload]] of cases.entries()) {
      const address = `10.3.${index}.1`;
      for (let count = 0; count < 10; count++)
        expect((await attempt(url, payload(), address)).statusCode).not.toBe(429);
      expect((await attempt(url, payload(), address)).statusCode).toBe(429);
    }
  });
});
