import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testShopFor } from '../testing/harness.ts';
import { verifiedShopper } from '../testing/orders.ts';
import { uniqueEmail } from '../testing/accounts.ts';
import {
  ADMIN_TEST_PASSWORD,
  acceptInvitation,
  adminSignIn,
  invitationToken,
  invite,
  sessionCookie,
  signedInAdmin,
  type SignedInAdmin,
} from '../testing/admin-session.ts';
import { adminSessions } from './schema.ts';
import { totpCode } from './second-factor.ts';
import { ADMIN_MESSAGES, CSRF_HEADER } from '../../core/contracts/admin-session.ts';

const shop = testShopFor();

/**
 * Every /api/admin route the OpenAPI document lists, but the password step anyone may take and an invitation link's
 * routes, where the link's token is the credential (invitations.test.ts).
 */
async function adminRoutes(): Promise<Array<{ method: string; url: string }>> {
  const document = (await shop().app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/') && !path.startsWith('/api/admin/invitations/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
      })),
    )
    .filter(({ method, url }) => !(method === 'POST' && url === '/api/admin/session'));
}

const inject = (route: { method: string; url: string }, headers: Record<string, string> = {}) =>
  shop().app.inject({
    method: route.method as 'GET',
    url: route.url,
    headers,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });

describe('the back office guard', () => {
  let owner: SignedInAdmin;
  beforeAll(async () => {
    owner = await signedInAdmin(shop());
  });

  it('answers 403 to a visitor and to a shopper on every /api/admin route', async () => {
    const routes = await adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(6);
    const shopper = await verifiedShopper(shop());
    for (const route of routes) {
      expect((await inject(route)).statusCode, `${route.method} ${route.url} as a visitor`).toBe(403);
      expect((await inject(route, shopper.bearer)).statusCode, `${route.method} ${route.url} as a shopper`).toBe(403);
    }
  });

  it('lets a session past the password only take the second factor: it can neither read nor act', async () => {
    const first = await shop().app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: owner.email, password: ADMIN_TEST_PASSWORD },
    });
    expect(first.json()).toMatchObject({ stage: 'code', role: 'owner' });
    const halfway = { cookie: sessionCookie(first), [CSRF_HEADER]: first.json<{ csrfToken: string }>().csrfToken };
    const read = await shop().app.inject({ url: '/api/admin/admins', headers: halfway });
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe(ADMIN_MESSAGES.secondFactorFirst);
    const act = await shop().app.inject({
      method: 'POST',
      url: '/api/admin/admins',
      headers: halfway,
      payload: { email: uniqueEmail(), fullname: 'Someone Else', password: ADMIN_TEST_PASSWORD },
    });
    expect(act.statusCode).toBe(403);
    for (const route of await adminRoutes()) {
      if (route.url.startsWith('/api/admin/session')) continue;
      expect((await inject(route, halfway)).statusCode, `${route.method} ${route.url} halfway`).toBe(403);
    }
  });

  it('refuses a change without the CSRF token or from another site, even with the admin cookie', async () => {
    const add = (headers: Record<string, string>) =>
      shop().app.inject({
        method: 'POST',
        url: '/api/admin/admins',
        headers,
        payload: { email: uniqueEmail(), fullname: 'Cross Site', password: ADMIN_TEST_PASSWORD },
      });
    const missing = await add({ cookie: owner.headers.cookie });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toBe(ADMIN_MESSAGES.csrf);
    expect((await add({ ...owner.headers, [CSRF_HEADER]: 'guessed' })).statusCode).toBe(403);
    expect((await add({ ...owner.headers, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await add({ ...owner.headers, origin: 'https://evil.example' })).statusCode).toBe(403);
    // Reading needs no token; the same request from the back office's own page works.
    expect(
      (await shop().app.inject({ url: '/api/admin/admins', headers: { cookie: owner.headers.cookie } })).statusCode,
    ).toBe(200);
    expect((await add({ ...owner.headers, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
  });

  it('gives a shopper’s access token nothing, even an account that is also an admin', async () => {
    const shopperSignIn = await shop().app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: owner.email, password: ADMIN_TEST_PASSWORD },
    });
    expect(shopperSignIn.statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${shopperSignIn.json<{ accessToken: string }>().accessToken}` };
    expect((await shop().app.inject({ url: '/api/admin/admins', headers: bearer })).statusCode).toBe(403);
  });

  it('ends a session after its 12 hours, however active', async () => {
    const admin = await signedInAdmin(shop());
    expect((await shop().app.inject({ url: '/api/admin/session', headers: admin.headers })).statusCode).toBe(200);
    const token = admin.headers.cookie.split('=')[1]!;
    const { createHash } = await import('node:crypto');
    await shop()
      .services.database.db.update(adminSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(adminSessions.tokenHash, createHash('sha256').update(token).digest('base64url')));
    expect((await shop().app.inject({ url: '/api/admin/session', headers: admin.headers })).statusCode).toBe(403);
  });
});

describe('back office sign-in', () => {
  it('sets an HttpOnly, SameSite=Strict cookie that lasts 12 hours', async () => {
    const { email } = await signedInAdmin(shop());
    const response = await shop().app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email, password: ADMIN_TEST_PASSWORD },
    });
    const cookie = response.cookies.find(({ name }) => name === 'admin_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 12 * 3600 });
  });

  it('answers a wrong password and an account that is no admin alike', async () => {
    const { email } = await signedInAdmin(shop());
    const shopper = await verifiedShopper(shop());
    for (const payload of [
      { email, password: 'Wrong-Password-1' },
      { email: shopper.email, password: shopper.password },
    ]) {
      const response = await shop().app.inject({ method: 'POST', url: '/api/admin/session', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(ADMIN_MESSAGES.signInFailed);
      expect(response.cookies).toEqual([]);
    }
  });

  it('takes each recovery code once, and each TOTP code once', async () => {
    const admin = await signedInAdmin(shop());
    const [code] = admin.recoveryCodes;
    expect(admin.recoveryCodes).toHaveLength(10);
    await adminSignIn(shop(), admin.email, { recoveryCode: code!.toUpperCase() });
    const again = await shop().app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: admin.email, password: ADMIN_TEST_PASSWORD },
    });
    const headers = { cookie: sessionCookie(again), [CSRF_HEADER]: again.json<{ csrfToken: string }>().csrfToken };
    const reused = await shop().app.inject({
      method: 'POST',
      url: '/api/admin/session/second-factor',
      headers,
      payload: { recoveryCode: code },
    });
    expect(reused.statusCode).toBe(401);
    // The code the helper signed in with is spent too: a replay within its 30 seconds is refused.
    const replayed = await shop().app.inject({
      method: 'POST',
      url: '/api/admin/session/second-factor',
      headers,
      payload: { code: totpCode(admin.secret) },
    });
    expect(replayed.statusCode).toBe(401);
    expect((await shop().app.inject({ url: '/api/admin/admins', headers })).statusCode).toBe(403);
  });

  it('locks the code step after five wrong codes, keeping the session for after the lock (decision 0047)', async () => {
    const { email } = await signedInAdmin(shop());
    const first = await shop().app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email, password: ADMIN_TEST_PASSWORD },
    });
    const headers = { cookie: sessionCookie(first), [CSRF_HEADER]: first.json<{ csrfToken: string }>().csrfToken };
    const statuses = [];
    const retryAfter = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await shop().app.inject({
        method: 'POST',
        url: '/api/admin/session/second-factor',
        headers,
        payload: { code: '000000' },
      });
      statuses.push(response.statusCode);
      retryAfter.push(response.headers['retry-after']);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    // Every 429 says when to try again: when the account's 15-minute lock ends.
    expect(Number(retryAfter[4])).toBe(900);
    expect(Number(retryAfter[5])).toBeGreaterThan(800);
    const session = await shop().app.inject({ url: '/api/admin/session', headers: { cookie: headers.cookie } });
    expect(session.json()).toMatchObject({ stage: 'code' });
  });

  it('refuses a malformed code with 400 and its message', async () => {
    const admin = await signedInAdmin(shop());
    const response = await shop().app.inject({
      method: 'POST',
      url: '/api/admin/session/second-factor',
      headers: admin.headers,
      payload: { code: '12ab' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ADMIN_MESSAGES.codeRequired);
  });
});

describe('the team', () => {
  it('lets the owner invite a staff admin who enrols by the link; staff cannot manage admins', async () => {
    const staff = await signedInAdmin(shop(), 'staff');
    expect(staff.recoveryCodes).toHaveLength(10);
    const session = await shop().app.inject({ url: '/api/admin/session', headers: staff.headers });
    expect(session.json()).toMatchObject({ role: 'staff', stage: 'complete', email: staff.email });
    const refused = await shop().app.inject({ url: '/api/admin/admins', headers: staff.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ADMIN_MESSAGES.ownerOnly);
  });

  it('records inviting, accepting and removing an admin in the audit log', async () => {
    const owner = await signedInAdmin(shop());
    const email = uniqueEmail();
    const { userId } = await invite(shop(), owner.headers, email);
    const duplicate = await shop().app.inject({
      method: 'POST',
      url: '/api/admin/admins',
      headers: owner.headers,
      payload: { email, fullname: 'New Staff' },
    });
    expect(duplicate.statusCode).toBe(409);
    await acceptInvitation(shop(), await invitationToken(shop(), email));
    const again = await shop().app.inject({
      method: 'POST',
      url: '/api/admin/admins',
      headers: owner.headers,
      payload: { email, fullname: 'New Staff' },
    });
    expect(again.statusCode).toBe(409);
    const removed = await shop().app.inject({
      method: 'DELETE',
      url: `/api/admin/admins/${userId}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    const entries = await shop().services.audit.search({ targetId: userId, limit: 10 });
    expect(entries.map(({ action, adminEmail }) => [action, adminEmail])).toEqual([
      ['admin.remove', owner.email],
      ['auth.enrolled', email],
      ['admin.invitation-accepted', email],
      ['admin.invitation-sent', owner.email],
    ]);
    expect(entries[3]!.after).toMatchObject({ email, role: 'staff' });
  });
});
