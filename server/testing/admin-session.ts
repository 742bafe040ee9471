// Back-office sign-in for API tests: an owner made as `npm run admin:create` makes one, signed in through the real
// routes with password and TOTP, or a staff admin the owner added, enrolled at first sign-in.
import { expect } from 'vitest';
import { totpCode } from '../admin/index.ts';
import { CSRF_HEADER } from '../../core/contracts/admin-session.ts';
import { uniqueEmail } from './accounts.ts';
import type { TestShop } from './harness.ts';

export const ADMIN_TEST_PASSWORD = 'Admin-Secret-42';

export interface SignedInAdmin {
  email: string;
  /** The session cookie and the CSRF header: spread into `app.inject({ headers })`. */
  headers: { cookie: string; [CSRF_HEADER]: string };
  /** The authenticator's secret, for more codes. */
  secret: string;
  recoveryCodes: string[];
}

const secretOf = (otpauthUri: string) => new URL(otpauthUri).searchParams.get('secret')!;

/** The `admin_session` cookie a response sets, as a Cookie header. */
export function sessionCookie(response: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = response.cookies.find(({ name }) => name === 'admin_session');
  expect(cookie, 'the admin session cookie').toBeDefined();
  return `admin_session=${cookie!.value}`;
}

/** Password step, then the second factor: a code from `secret`, or `recoveryCode`. */
export async function adminSignIn(
  shop: Pick<TestShop, 'app'>,
  email: string,
  proof: { secret: string } | { recoveryCode: string },
  password = ADMIN_TEST_PASSWORD,
): Promise<SignedInAdmin['headers']> {
  const first = await shop.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email, password } });
  expect(first.statusCode, first.body).toBe(200);
  const headers = { cookie: sessionCookie(first), [CSRF_HEADER]: first.json<{ csrfToken: string }>().csrfToken };
  const payload = 'secret' in proof ? { code: totpCode(proof.secret) } : { recoveryCode: proof.recoveryCode };
  const second = await shop.app.inject({
    method: 'POST',
    url: '/api/admin/session/second-factor',
    headers,
    payload,
  });
  expect(second.statusCode, second.body).toBe(200);
  return signedInHeaders(second);
}

/** The second factor's answer: its new session cookie and CSRF token (the password step's stop working). */
export function signedInHeaders(response: {
  cookies: Array<{ name: string; value: string }>;
  json: <T>() => T;
}): SignedInAdmin['headers'] {
  return { cookie: sessionCookie(response), [CSRF_HEADER]: response.json<{ csrfToken: string }>().csrfToken };
}

/** A new owner (or, with `staff`, a staff admin a new owner added), fully signed in. */
export async function signedInAdmin(shop: TestShop, role: 'owner' | 'staff' = 'owner'): Promise<SignedInAdmin> {
  const email = uniqueEmail();
  const owner = await shop.services.admin.createOwner({ email, password: ADMIN_TEST_PASSWORD });
  const secret = secretOf(owner.otpauthUri);
  const ownerHeaders = await adminSignIn(shop, email, { secret });
  if (role === 'owner') return { email, headers: ownerHeaders, secret, recoveryCodes: owner.recoveryCodes };

  const staffEmail = uniqueEmail();
  const added = await shop.app.inject({
    method: 'POST',
    url: '/api/admin/admins',
    headers: ownerHeaders,
    payload: { email: staffEmail, fullname: 'Staff Member', password: ADMIN_TEST_PASSWORD },
  });
  expect(added.statusCode, added.body).toBe(201);
  const first = await shop.app.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { email: staffEmail, password: ADMIN_TEST_PASSWORD },
  });
  expect(first.statusCode, first.body).toBe(200);
  const started = first.json<{ csrfToken: string; otpauthUri: string; stage: string }>();
  expect(started.stage).toBe('enrol');
  const staffSecret = secretOf(started.otpauthUri);
  const headers = { cookie: sessionCookie(first), [CSRF_HEADER]: started.csrfToken };
  const enrolled = await shop.app.inject({
    method: 'POST',
    url: '/api/admin/session/second-factor',
    headers,
    payload: { code: totpCode(staffSecret) },
  });
  expect(enrolled.statusCode, enrolled.body).toBe(200);
  const { recoveryCodes } = enrolled.json<{ recoveryCodes: string[] }>();
  return { email: staffEmail, headers: signedInHeaders(enrolled), secret: staffSecret, recoveryCodes };
}
