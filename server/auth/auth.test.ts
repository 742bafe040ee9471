import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import { sharedSecret } from './secrets.ts';
import { TOKEN_ISSUER } from './tokens.ts';
import { refreshTokens, users } from './schema.ts';
import { REFRESH_COOKIE } from './routes.ts';
import { refreshCookieOf, signUp as signUpThroughApi, uniqueEmail } from '../testing/accounts.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'POST', url, payload, headers });
const signUp = (email?: string) => signUpThroughApi(shop, email);

/** An it.each body: the payload posted to `url` is refused with 400 and the message, under both its names. */
const refusedWith400 = (url: string) => async (payload: object, message: string) => {
  const response = await post(url, payload);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ message, error: message });
};

describe('sign-up', () => {
  it('creates the account, answers with the user and an access token, and sets an httpOnly refresh cookie', async () => {
    const email = uniqueEmail();
    const { response, body } = await signUp(email.toUpperCase());
    expect(body.user).toMatchObject({
      fullname: 'Asha Verma',
      fullName: 'Asha Verma',
      email,
      emailVerified: false,
      role: 'customer',
    });
    expect(body.accessToken.split('.')).toHaveLength(3);
    const cookie = response.cookies.find((candidate) => candidate.name === REFRESH_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    expect(response.body).not.toMatch(/kesar42chai|passwordHash|argon2/i);
    const [row] = await shop.services.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a second account for the same e-mail, whatever its case', async () => {
    const { email } = await signUp();
    const again = await post('/api/auth/signup', {
      fullname: 'Someone Else',
      email: email.toUpperCase(),
      password: 'other123',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(again.json().message);
  });

  it.each([
    [{ fullname: 'Al', email: 'a@b.in', password: 'kesar42chai' }, 'Fullname must be at least 3 letters long'],
    [{ fullname: 'Asha', email: '', password: 'kesar42chai' }, 'Enter Email'],
    [{ fullname: 'Asha', email: 'not-an-email', password: 'kesar42chai' }, 'Email is invalid'],
    [{ fullname: 'Asha', email: 'a@b.in', password: '' }, 'Enter Password'],
    [
      { fullname: 'Asha', email: 'a@b.in', password: 'abcdefg' },
      'Password should be 6 to 20 characters long with atleast 1 number',
    ],
    [
      { fullname: 'Asha', email: 'a@b.in', password: 'abc1' },
      'Password should be 6 to 20 characters long with atleast 1 number',
    ],
  ])('answers %o with 400 "%s"', refusedWith400('/api/auth/signup'));
});

describe('sign-in', () => {
  it('signs in with the right password, whatever the e-mail case', async () => {
    const { email, password } = await signUp();
    const response = await post('/api/auth/signin', { email: email.toUpperCase(), password });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(email);
    expect(refreshCookieOf(response)).toBeTruthy();
  });

  it('gives a wrong password and an unknown e-mail the same answer', async () => {
    const { email } = await signUp();
    const wrongPassword = await post('/api/auth/signin', { email, password: 'wrong123' });
    const unknownEmail = await post('/api/auth/signin', { email: uniqueEmail(), password: 'wrong123' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknownEmail.body);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid email or password', error: 'Invalid email or password' });
  });

  it.each([
    [{ email: '', password: 'x' }, 'Enter Email'],
    [{ email: 'nope', password: 'x' }, 'Email is invalid'],
    [{ email: 'a@b.in', password: '' }, 'Enter Password'],
  ])('answers %o with 400 "%s"', refusedWith400('/api/auth/signin'));
});

describe('access and refresh tokens', () => {
  it('lets the access token fetch the current user, and refuses calls without one', async () => {
    const { body } = await signUp();
    for (const url of ['/api/auth/me', '/api/auth/profile']) {
      const response = await shop.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${body.accessToken}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user._id).toBe(body.user._id);
    }
    expect((await shop.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const forged = await shop.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer a.b.c' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answers an expired access token with 401, after which the refresh flow works', async () => {
    const { body, response } = await signUp();
    const secret = await sharedSecret(shop.services.database.db, 'access-token', undefined);
    const { sid } = decodeJwt(body.accessToken);
    const expired = await new SignJWT({ role: 'customer', sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(body.user._id)
      .setIssuer(TOKEN_ISSUER)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    const stale = await shop.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ message: 'Session expired' });

    const refreshed = await post('/api/auth/refresh-access-token', undefined, {
      cookie: `${REFRESH_COOKIE}=${refreshCookieOf(response)}`,
    });
    expect(refreshed.statusCode).toBe(200);
    const { accessToken } = refreshed.json<{ accessToken: string }>();
    const retried = await shop.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(retried.statusCode).toBe(200);
    expect(refreshCookieOf(refreshed)).not.toBe(refreshCookieOf(response));
  });

  it('revokes the whole family when a refresh token is used twice', async () => {
    const { response } = await signUp();
    const first = refreshCookieOf(response)!;
    const rotated = await post('/api/auth/refresh-access-token', undefined, { cookie: `${REFRESH_COOKIE}=${first}` });
    expect(rotated.statusCode).toBe(200);
    const second = refreshCookieOf(rotated)!;

    const replay = await post('/api/auth/refresh-access-token', undefined, { cookie: `${REFRESH_COOKIE}=${first}` });
    expect(replay.statusCode).toBe(401);
    // The thief's replay also ends the legitimate session that rotated the token.
    const afterReplay = await post('/api/auth/refresh-access-token', undefined, {
      cookie: `${REFRESH_COOKIE}=${second}`,
    });
    expect(afterReplay.statusCode).toBe(401);
  });

  it('logout revokes the refresh token and clears the cookie', async () => {
    const { response } = await signUp();
    const token = refreshCookieOf(response)!;
    const logout = await post('/api/auth/logout', undefined, { cookie: `${REFRESH_COOKIE}=${token}` });
    expect(logout.statusCode).toBe(200);
    const cleared = logout.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    expect(
      (await post('/api/auth/refresh-access-token', undefined, { cookie: `${REFRESH_COOKIE}=${token}` })).statusCode,
    ).toBe(401);
    const rows = await shop.services.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, response.json().user._id));
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it('refuses a refresh without a cookie or with an unknown one', async () => {
    expect((await post('/api/auth/refresh-access-token')).statusCode).toBe(401);
    expect(
      (await post('/api/auth/refresh-access-token', undefined, { cookie: `${REFRESH_COOKIE}=nope` })).statusCode,
    ).toBe(401);
  });
});
