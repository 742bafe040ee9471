import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import { changePassword, signUp, uniqueEmail } from '../testing/accounts.ts';

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

  it('limits forgot-password per address across e-mails', async () => {
    for (let index = 0; index < 10; index++) {
      await attempt('/api/auth/forgot-password', { email: uniqueEmail() }, '10.2.0.1');
    }
    expect((await attempt('/api/auth/forgot-password', { email: uniqueEmail() }, '10.2.0.1')).statusCode).toBe(429);
    expect((await attempt('/api/auth/forgot-password', { email: uniqueEmail() }, '10.2.0.2')).statusCode).toBe(200);
  });

  it('limits sign-up, resend-verification and reset too', async () => {
    const cases: Array<[string, () => object]> = [
      ['/api/auth/signup', () => ({ fullname: 'Asha Verma', email: uniqueEmail(), password: 'kesar42chai' })],
      ['/api/auth/resend-verification-email', () => ({ email: uniqueEmail() })],
      [
        '/api/auth/reset-password/not-a-real-token-value-at-all',
        () => ({ newPassword: 'Mango42Lassi', confirmPassword: 'Mango42Lassi' }),
      ],
    ];
    for (const [index, [url, payload]] of cases.entries()) {
      const address = `10.3.${index}.1`;
      for (let count = 0; count < 10; count++)
        expect((await attempt(url, payload(), address)).statusCode).not.toBe(429);
      expect((await attempt(url, payload(), address)).statusCode).toBe(429);
    }
  });

  describe('sign-in counts failures, so nobody can lock an owner out', () => {
    const signIn = (email: string, password: string, address: string) =>
      attempt('/api/auth/signin', { email, password }, address);

    it('refuses the e-mail from the failing address only; the right password works from a clean one', async () => {
      const { email, password } = await signUp(shop);
      for (let index = 0; index < 10; index++)
        expect((await signIn(email, 'wrong123', '10.4.0.1')).statusCode).toBe(401);
      expect((await signIn(email, password, '10.4.0.1')).statusCode).toBe(429);
      expect((await signIn(email, password, '10.4.0.2')).statusCode).toBe(200);
    });

    it('does not count successful sign-ins, and forgets failures once the right password is given', async () => {
      const { email, password } = await signUp(shop);
      for (let index = 0; index < 15; index++) expect((await signIn(email, password, '10.5.0.1')).statusCode).toBe(200);
      for (let round = 0; round < 2; round++) {
        for (let index = 0; index < 9; index++) await signIn(email, 'wrong123', '10.5.0.1');
        expect((await signIn(email, password, '10.5.0.1')).statusCode).toBe(200);
      }
    });

    it('only slows down an e-mail that fails from many addresses, never refusing its owner', async () => {
      const { email, password } = await signUp(shop);
      for (let index = 0; index < 32; index++) {
        expect((await signIn(email, 'wrong123', `10.6.${index}.1`)).statusCode).toBe(401);
      }
      const started = Date.now();
      expect((await signIn(email, password, '10.6.200.1')).statusCode).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    });

    it('counts an IPv6 client per /64', async () => {
      const { email, password } = await signUp(shop);
      for (let index = 1; index <= 10; index++) await signIn(email, 'wrong123', `2001:db8:7:1::${index.toString(16)}`);
      expect((await signIn(email, password, '2001:db8:7:1:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
      expect((await signIn(email, password, '2001:db8:7:2::1')).statusCode).toBe(200);
    });

    it('limits failures per address across e-mails', async () => {
      for (let index = 0; index < 50; index++) await signIn(uniqueEmail(), 'wrong123', '10.8.0.1');
      const { email, password } = await signUp(shop);
      expect((await signIn(email, password, '10.8.0.1')).statusCode).toBe(429);
      expect((await signIn(email, password, '10.8.0.2')).statusCode).toBe(200);
    });
  });

  it('throttles wrong current passwords on the profile', async () => {
    const account = await signUp(shop);
    const change = (currentPassword: string) => changePassword(shop, account, currentPassword, 'mango42lassi');
    for (let index = 0; index < 5; index++) expect((await change('wrong123')).statusCode).toBe(400);
    expect((await change('wrong123')).statusCode).toBe(429);
  });
});
