import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import { changePassword, cookieHeader, refreshCookieOf, signUp } from '../testing/accounts.ts';
import { sessions } from './schema.ts';
import { mailOutbox } from '../mail/schema.ts';
import type { Services } from '../root/services.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ SEED_DEMO: 'false', SESSION_MAX_DAYS: '90' });
});
afterAll(async () => {
  await shop?.close();
});

type Headers = Record<string, string>;
const me = (headers: Headers, app = shop.app) => app.inject({ method: 'GET', url: '/api/auth/me', headers });
const post = (url: string, payload?: object, headers: Headers = {}) =>
  shop.app.inject({ method: 'POST', url, payload, headers });
const signIn = async (email: string, password: string) => {
  const response = await post('/api/auth/signin', { email, password });
  expect(response.statusCode).toBe(200);
  return { response, bearer: { authorization: `Bearer ${response.json().accessToken}` } };
};
const db = () => shop.services.database.db;

describe('an ended session ends its access tokens at once', () => {
  it('after logout', async () => {
    const { bearer, response } = await signUp(shop);
    expect((await me(bearer)).statusCode).toBe(200);
    expect((await post('/api/auth/logout', undefined, cookieHeader(refreshCookieOf(response)))).statusCode).toBe(200);
    expect((await me(bearer)).statusCode).toBe(401);
  });

  it('after a password reset, for every session of the user', async () => {
    const { email, password, bearer } = await signUp(shop);
    const other = await signIn(email, password);
    expect((await me(bearer)).statusCode).toBe(200);
    expect((await me(other.bearer)).statusCode).toBe(200);
    const token = await resetTokenFor(email);
    const reset = await post(`/api/auth/reset-password/${token}`, {
      newPassword: 'Mango42Lassi',
      confirmPassword: 'Mango42Lassi',
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(bearer)).statusCode).toBe(401);
    expect((await me(other.bearer)).statusCode).toBe(401);
  });

  it('after a password change, for every other session; the one that changed it stays', async () => {
    const { email, password, bearer } = await signUp(shop);
    const other = await signIn(email, password);
    expect((await me(other.bearer)).statusCode).toBe(200);
    const changed = await changePassword(shop, { email, bearer }, password, 'jalebi88');
    expect(changed.statusCode).toBe(200);
    expect((await me(other.bearer)).statusCode).toBe(401);
    expect((await me(bearer)).statusCode).toBe(200);
  });
});

describe('absolute session lifetime', () => {
  it('refuses to refresh a session past its end, however recently it was refreshed', async () => {
    const { response, body } = await signUp(shop);
    const first = await post('/api/auth/refresh-access-token', undefined, cookieHeader(refreshCookieOf(response)));
    expect(first.statusCode).toBe(200);
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, body.user._id));
    const late = await post('/api/auth/refresh-access-token', undefined, cookieHeader(refreshCookieOf(first)));
    expect(late.statusCode).toBe(401);
  });

  it('ends SESSION_MAX_DAYS after sign-in, and the refresh cookie never outlives it', async () => {
    const short = await startTestShop({ SEED_DEMO: 'false', SESSION_MAX_DAYS: '1' });
    try {
      const { response, body } = await signUp(short);
      const [session] = await short.services.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, body.user._id));
      const dayFromNow = Date.now() + 86_400_000;
      expect(Math.abs(session!.expiresAt.getTime() - dayFromNow)).toBeLessThan(60_000);
      const cookie = response.cookies.find((each) => each.name === 'refresh_token')!;
      expect(new Date(cookie.expires!).getTime()).toBeLessThanOrEqual(session!.expiresAt.getTime());
    } finally {
      await short.close();
    }
  });
});

describe('reset links', () => {
  it('a reset voids every other open reset link of the user', async () => {
    const { email } = await signUp(shop);
    const first = await resetTokenFor(email);
    const second = await resetTokenFor(email);
    const body = { newPassword: 'Mango42Lassi', confirmPassword: 'Mango42Lassi' };
    expect((await post(`/api/auth/reset-password/${second}`, body)).statusCode).toBe(200);
    const reused = await post(`/api/auth/reset-password/${first}`, { ...body, newPassword: 'Jamun77Tree' });
    expect(reused.statusCode).toBe(400);
  });

  it('a password change voids open reset links', async () => {
    const { email, password, bearer } = await signUp(shop);
    const pending = await resetTokenFor(email);
    const changed = await changePassword(shop, { email, bearer }, password, 'jalebi88');
    expect(changed.statusCode).toBe(200);
    const late = await post(`/api/auth/reset-password/${pending}`, {
      newPassword: 'Mango42Lassi',
      confirmPassword: 'Mango42Lassi',
    });
    expect(late.statusCode).toBe(400);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('on another process sharing the database', () => {
  let peer: Services;
  let peerApp: TestShop['app'];
  beforeAll(async () => {
    peer = await shop.openPeer();
    const { buildServer } = await import('../root/app.ts');
    peerApp = await buildServer(peer, { logger: false });
    await peerApp.ready();
  });
  afterAll(async () => {
    await peerApp?.close();
  });

  it('accepts the token, then refuses it within a second of logout elsewhere', async () => {
    const { bearer, response } = await signUp(shop);
    expect((await me(bearer, peerApp)).statusCode).toBe(200); // now cached on the peer
    await post('/api/auth/logout', undefined, cookieHeader(refreshCookieOf(response)));
    const deadline = Date.now() + 1000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await me(bearer, peerApp)).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
  });
});

/** Asks for a reset link and reads its token from the queued mail. */
async function resetTokenFor(email: string): Promise<string> {
  const seen = await resetLinksIn(email);
  expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
  await shop.services.emailLinks.settled();
  const fresh = (await resetLinksIn(email)).filter((token) => !seen.includes(token));
  expect(fresh).toHaveLength(1);
  return fresh[0]!;
}

async function resetLinksIn(email: string): Promise<string[]> {
  const mails = await db().select({ text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.to, email));
  return mails.flatMap((mail) => [...mail.text.matchAll(/\/reset-password\/([\w-]+)/g)].map((match) => match[1]!));
}
