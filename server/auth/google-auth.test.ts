import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import { GOOGLE_TEST_CLIENT_ID, startFakeGoogle, type FakeGoogle } from '../testing/fake-google.ts';
import { cookieHeader, refreshCookieOf, signUp, uniqueEmail } from '../testing/accounts.ts';
import { SET_PASSWORD_BY_LINK } from './profile.ts';
import { users } from './schema.ts';

let shop: TestShop;
let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle({});
  shop = await startTestShop({
    GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID,
    GOOGLE_JWKS_URL: google.jwksUrl,
  });
});
afterAll(async () => {
  await shop?.close();
  await google?.close();
});

const googleAuth = (idToken: unknown) =>
  shop.app.inject({ method: 'POST', url: '/api/auth/google-auth', payload: { id_token: idToken } });
const tokenFor = (email: string, subject: string, extra: object = {}) =>
  google.sign({
    subject,
    claims: { email, email_verified: true, name: 'Ravi Iyer', picture: 'https://example.com/ravi.png', ...extra },
  });

describe('POST /api/auth/google-auth', () => {
  it('creates a verified account on first sign-in and finds it again by Google subject', async () => {
    const email = uniqueEmail();
    const first = await googleAuth(await tokenFor(email, `sub-${email}`));
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.accessToken).toBeTruthy();
    expect(body.data.personal_info).toMatchObject({
      email,
      fullname: 'Ravi Iyer',
      emailVerified: true,
      hasPassword: false,
    });
    expect(first.cookies.some((cookie) => cookie.name === 'refresh_token')).toBe(true);

    const again = await googleAuth(await tokenFor(email, `sub-${email}`));
    expect(again.json().data.personal_info._id).toBe(body.data.personal_info._id);
  });

  it('links to an existing account with the same e-mail, and drops the password of an unverified one', async () => {
    const { email, body } = await signUp(shop);
    const linked = await googleAuth(await tokenFor(email, `sub-${email}`));
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data.personal_info._id).toBe(body.user._id);
    const [row] = await shop.services.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.googleSubject).toBe(`sub-${email}`);
    expect(row!.passwordHash).toBeNull();
    const oldPassword = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: 'kesar42chai' },
    });
    expect(oldPassword.statusCode).toBe(401);
  });

  it("wipes what the unverified account's registrant typed: name, phone, addresses, cart and sessions", async () => {
    const { email, bearer, response } = await signUp(shop);
    const address = {
      fname: 'Mallory',
      lname: 'X',
      address1: '1 Fake Street',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
      phone: '9876543210',
      email,
    };
    const inject = (method: 'PUT', url: string, payload: object) =>
      shop.app.inject({ method, url, headers: bearer, payload });
    expect((await inject('PUT', '/api/auth/profile', address)).statusCode).toBe(200);
    const details = { fullName: 'Mallory Registrant', email, phone: '9123456780' };
    expect((await inject('PUT', '/api/auth/profile', details)).statusCode).toBe(200);
    const [product] = await shop.services.catalog.listProducts();
    expect((await inject('PUT', '/api/cart', { items: [{ _id: product!._id, quantity: 1 }] })).statusCode).toBe(200);

    const linked = await googleAuth(await tokenFor(email, `sub-wipe-${email}`));
    expect(linked.statusCode).toBe(200);
    const owner = { authorization: `Bearer ${linked.json().accessToken}` };
    const me = (await shop.app.inject({ method: 'GET', url: '/api/auth/me', headers: owner })).json().user;
    expect(me).toMatchObject({ fullName: 'Ravi Iyer', phone: '', address: null, addresses: [] });
    const cart = await shop.app.inject({ method: 'GET', url: '/api/cart', headers: owner });
    expect(cart.json().cartItems).toEqual([]);
    // The registrant's access token and refresh cookie stop working at once.
    expect((await shop.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer })).statusCode).toBe(401);
    const refresh = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-access-token',
      headers: cookieHeader(refreshCookieOf(response)),
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('keeps a verified account as it is when linking Google', async () => {
    const { email, bearer } = await signUp(shop);
    await shop.services.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email));
    const details = { fullName: 'Owner Name', email, phone: '9123456780' };
    expect(
      (await shop.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer, payload: details }))
        .statusCode,
    ).toBe(200);
    const linked = await googleAuth(await tokenFor(email, `sub-keep-${email}`));
    expect(linked.json().data.personal_info).toMatchObject({
      fullName: 'Owner Name',
      phone: '9123456780',
      hasPassword: true,
    });
    expect((await shop.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer })).statusCode).toBe(200);
  });

  it('lets a Google-only account set its first password only through an e-mailed link', async () => {
    const email = uniqueEmail();
    const signedIn = await googleAuth(await tokenFor(email, `sub-first-${email}`));
    const headers = { authorization: `Bearer ${signedIn.json().accessToken}` };
    const attempt = await shop.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers,
      payload: {
        fullName: 'Ravi Iyer',
        email,
        phone: '9123456780',
        password: 'mango42lassi',
        confirmPassword: 'mango42lassi',
      },
    });
    expect(attempt.statusCode).toBe(400);
    expect(attempt.json().message).toBe(SET_PASSWORD_BY_LINK);
    const [row] = await shop.services.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toBeNull();
  });

  it.each([
    ['a wrong audience', { audience: 'other.apps.googleusercontent.com' }],
    ['a wrong issuer', { issuer: 'https://evil.example.com' }],
    ['an expired token', { expiresAt: Math.floor(Date.now() / 1000) - 120 }],
    ['a wrong signature', { key: new TextEncoder().encode('x'.repeat(32)), alg: 'HS256' }],
  ])('refuses %s', async (_case, options) => {
    const token = await google.sign({ claims: { email: uniqueEmail(), email_verified: true }, ...options });
    const response = await googleAuth(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      message: 'Trouble logging in through Google',
      error: 'Trouble logging in through Google',
    });
  });

  it('refuses an address Google has not verified, and a missing token', async () => {
    const unverified = await googleAuth(await tokenFor(uniqueEmail(), 'sub-unverified', { email_verified: false }));
    expect(unverified.statusCode).toBe(401);
    const missing = await googleAuth('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('No ID token received from Google.');
  });
});
