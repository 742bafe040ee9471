// Back-office sign-in for API tests: an owner made as `npm run admin:create` makes one, signed in through the real
// routes with password and TOTP, or a staff admin the owner invited, who accepted by the mailed link.
import { and, desc, eq, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox } from '../mail/schema.ts';
import { totpCode } from '../admin/second-factor.ts';
import { CSRF_HEADER } from '../../core/contracts/admin-session.ts';
import { uniqueEmail } from './accounts.ts';
import type { TestShop } from './harness.ts';

/** Long enough for an admin (15 characters or more) and on no common list. */
export const ADMIN_TEST_PASSWORD = 'Admin-Secret-42-kesar';

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

/**
 * Password step, then the second factor: a code from `secret` (with `nextStep`, the next 30 seconds' code, which is
 * taken too: for right after the current one was used), or `recoveryCode`.
 */
export async function adminSignIn(
  shop: Pick<TestShop, 'app'>,
  email: string,
  proof: { secret: string; nextStep?: boolean } | { recoveryCode: string },
  password = ADMIN_TEST_PASSWORD,
): Promise<SignedInAdmin['headers']> {
  const first = await shop.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email, password } });
  expect(first.statusCode, first.body).toBe(200);
  const headers = { cookie: sessionCookie(first), [CSRF_HEADER]: first.json<{ csrfToken: string }>().csrfToken };
  const payload =
    'secret' in proof
      ? { code: totpCode(proof.secret, Date.now() + (proof.nextStep ? 30_000 : 0)) }
      : { recoveryCode: proof.recoveryCode };
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
  await invite(shop, ownerHeaders, staffEmail);
  const { secret: staffSecret, recoveryCodes } = await acceptInvitation(shop, await invitationToken(shop, staffEmail));
  const headers = await adminSignIn(shop, staffEmail, { secret: staffSecret, nextStep: true });
  return { email: staffEmail, headers, secret: staffSecret, recoveryCodes };
}

/** The owner invites `email` as staff (POST /api/admin/admins). */
export async function invite(shop: TestShop, ownerHeaders: SignedInAdmin['headers'], email: string) {
  const sent = await shop.app.inject({
    method: 'POST',
    url: '/api/admin/admins',
    headers: ownerHeaders,
    payload: { email, fullname: 'Staff Member' },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  return sent.json<{ invitation: { userId: string; expiresAt: string } }>().invitation;
}

/** The token of the newest invitation link mailed to `email`, read from the outbox. */
export async function invitationToken(shop: TestShop, email: string): Promise<string> {
  const [mail] = await shop.services.database.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, '%invited%')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = mail?.text.match(/\/admin\/invitation\/([\w-]{43})/)?.[1];
  expect(token, `an invitation mailed to ${email}`).toBeDefined();
  return token!;
}

/** Follows an invitation link as its page does: a new password, the authenticator, its first code. */
export async function acceptInvitation(
  shop: Pick<TestShop, 'app'>,
  token: string,
  password = ADMIN_TEST_PASSWORD,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await shop.app.inject({
    method: 'POST',
    url: `/api/admin/invitations/${token}/authenticator`,
    payload: { password },
  });
  expect(started.statusCode, started.body).toBe(200);
  const secret = secretOf(started.json<{ otpauthUri: string }>().otpauthUri);
  const accepted = await shop.app.inject({
    method: 'POST',
    url: `/api/admin/invitations/${token}`,
    payload: { password, code: totpCode(secret) },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const { recoveryCodes } = accepted.json<{ recoveryCodes: string[] }>();
  expect(recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes };
}
