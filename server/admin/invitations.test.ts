// Staff come in by invitation only (issue 31, decision 0048).
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testShopFor } from '../testing/harness.ts';
import { signUp, uniqueEmail } from '../testing/accounts.ts';
import {
  ADMIN_TEST_PASSWORD,
  acceptInvitation,
  adminSignIn,
  invitationToken,
  invite,
  signedInAdmin,
  type SignedInAdmin,
} from '../testing/admin-session.ts';
import { adminInvitations } from './schema.ts';
import { totpCode } from './second-factor.ts';
import { ADMIN_MESSAGES } from '../../core/contracts/admin-session.ts';
import { COMMON_PASSWORD_MESSAGE } from '../auth/common-passwords.ts';

const shop = testShopFor();
const SHOPPER_PASSWORD = 'kesar42chai';

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  shop().app.inject({ method: 'POST', url, payload, headers });
const passwordStep = (email: string, password: string) => post('/api/admin/session', { email, password });
const startAuthenticator = (token: string, password = ADMIN_TEST_PASSWORD) =>
  post(`/api/admin/invitations/${token}/authenticator`, { password });
const secretOf = (response: { json: <T>() => T }) =>
  new URL(response.json<{ otpauthUri: string }>().otpauthUri).searchParams.get('secret')!;

/** Every way a link stops working answers alike: 410 and the one message, for the page and each step. */
async function expectGone(token: string) {
  const answers = [
    await shop().app.inject({ url: `/api/admin/invitations/${token}` }),
    await startAuthenticator(token),
    await post(`/api/admin/invitations/${token}`, { password: ADMIN_TEST_PASSWORD, code: '123456' }),
  ];
  for (const answer of answers) {
    expect(answer.statusCode, answer.body).toBe(410);
    expect(answer.json()).toEqual({ message: ADMIN_MESSAGES.invitationGone });
  }
}

describe('inviting staff', () => {
  let owner: SignedInAdmin;
  beforeAll(async () => {
    owner = await signedInAdmin(shop());
  });

  it('gives a pre-registered, unverified account no way in with its old password; the link works once', async () => {
    // Someone registered the address first, without owning it, and chose its password.
    const squatter = await signUp(shop(), uniqueEmail(), SHOPPER_PASSWORD);
    const email = squatter.email;
    const invitation = await invite(shop(), owner.headers, email);
    expect(invitation).toMatchObject({ email, role: 'staff', invitedBy: owner.email });

    const withOld = await passwordStep(email, SHOPPER_PASSWORD);
    expect(withOld.statusCode).toBe(401);
    expect(withOld.json().message).toBe(ADMIN_MESSAGES.signInFailed);
    expect(withOld.cookies).toEqual([]);
    const team = await shop().app.inject({ url: '/api/admin/admins', headers: owner.headers });
    expect(team.json<{ admins: Array<{ email: string }> }>().admins.map((admin) => admin.email)).not.toContain(email);
    expect(team.json<{ invitations: Array<{ email: string }> }>().invitations).toContainEqual(
      expect.objectContaining({ email, expiresAt: invitation.expiresAt }),
    );

    const token = await invitationToken(shop(), email);
    const shown = await shop().app.inject({ url: `/api/admin/invitations/${token}` });
    expect(shown.json()).toEqual({ email, expiresAt: invitation.expiresAt });
    const { secret } = await acceptInvitation(shop(), token);
    await expectGone(token);

    // The old password is gone everywhere; the new one and the authenticator sign in, and the e-mail is verified.
    expect((await passwordStep(email, SHOPPER_PASSWORD)).statusCode).toBe(401);
    expect((await post('/api/auth/signin', { email, password: SHOPPER_PASSWORD })).statusCode).toBe(401);
    const headers = await adminSignIn(shop(), email, { secret, nextStep: true });
    const session = await shop().app.inject({ url: '/api/admin/session', headers });
    expect(session.json()).toMatchObject({ email, role: 'staff', stage: 'complete' });
    const userId = (await shop().services.auth.userIdByEmail(email))!;
    expect((await shop().services.auth.getUser(userId)).emailVerified).toBe(true);
  });

  it("ends the account's other shopper sessions when it is accepted", async () => {
    const shopper = await signUp(shop(), uniqueEmail(), SHOPPER_PASSWORD);
    const { bearer } = shopper;
    expect((await shop().app.inject({ url: '/api/auth/me', headers: bearer })).statusCode).toBe(200);
    await invite(shop(), owner.headers, shopper.email);
    // Inviting alone changes nothing for the shopper.
    expect((await shop().app.inject({ url: '/api/auth/me', headers: bearer })).statusCode).toBe(200);
    await acceptInvitation(shop(), await invitationToken(shop(), shopper.email));
    expect((await shop().app.inject({ url: '/api/auth/me', headers: bearer })).statusCode).toBe(401);
    const [entry] = await shop().services.audit.search({ action: 'admin.invitation-accepted', limit: 1 });
    expect(entry).toMatchObject({ adminEmail: shopper.email, ip: '127.0.0.1' });
    expect(entry!.after).toMatchObject({ endedSessions: 1 });
  });

  it('invites an e-mail with no account: one is made with no password, and the link sets it', async () => {
    const email = uniqueEmail();
    await invite(shop(), owner.headers, email);
    const { secret } = await acceptInvitation(shop(), await invitationToken(shop(), email));
    await adminSignIn(shop(), email, { secret, nextStep: true });
  });

  it('lets the link expire after ADMIN_INVITE_HOURS', async () => {
    const email = uniqueEmail();
    const { userId, expiresAt } = await invite(shop(), owner.headers, email);
    const hours = (new Date(expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const token = await invitationToken(shop(), email);
    await shop()
      .services.database.db.update(adminInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(adminInvitations.userId, userId));
    await expectGone(token);
    // The owner still sees it, expired, and may send it again.
    const team = await shop().app.inject({ url: '/api/admin/admins', headers: owner.headers });
    expect(team.json<{ invitations: Array<{ userId: string }> }>().invitations).toContainEqual(
      expect.objectContaining({ userId }),
    );
  });

  it('kills the old link when the owner sends a new one, and a revoked link answers like an expired one', async () => {
    const email = uniqueEmail();
    const { userId } = await invite(shop(), owner.headers, email);
    const first = await invitationToken(shop(), email);
    const resent = await post(`/api/admin/admins/${userId}/invitation`, {}, owner.headers);
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await invitationToken(shop(), email);
    expect(second).not.toBe(first);
    await expectGone(first);
    expect((await shop().app.inject({ url: `/api/admin/invitations/${second}` })).statusCode).toBe(200);

    const revoke = () =>
      shop().app.inject({ method: 'DELETE', url: `/api/admin/admins/${userId}/invitation`, headers: owner.headers });
    expect((await revoke()).statusCode).toBe(200);
    await expectGone(second);
    const again = await revoke();
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ADMIN_MESSAGES.noInvitation);
    const actions = (await shop().services.audit.search({ targetId: userId, limit: 10 })).map((entry) => entry.action);
    expect(actions).toEqual(['admin.invitation-revoked', 'admin.invitation-sent', 'admin.invitation-sent']);
  });

  it('takes the authenticator code it showed, and ends the link after five wrong ones', async () => {
    const email = uniqueEmail();
    await invite(shop(), owner.headers, email);
    const token = await invitationToken(shop(), email);
    const started = await startAuthenticator(token);
    expect(started.statusCode).toBe(200);
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await post(`/api/admin/invitations/${token}`, { password: ADMIN_TEST_PASSWORD, code: '000000' });
      statuses.push(wrong.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 410]);
    const right = await post(`/api/admin/invitations/${token}`, {
      password: ADMIN_TEST_PASSWORD,
      code: totpCode(secretOf(started)),
    });
    expect(right.statusCode).toBe(410);
    expect((await passwordStep(email, ADMIN_TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('asks admins for 15 to 128 characters of any kind, not a common one; shoppers keep the sign-up rule', async () => {
    const email = uniqueEmail();
    await invite(shop(), owner.headers, email);
    const token = await invitationToken(shop(), email);
    for (const password of ['Kesar-Chai-42', 'x'.repeat(129)]) {
      const refused = await startAuthenticator(token, password);
      expect(refused.statusCode, password).toBe(400);
      expect(refused.json().message).toBe(ADMIN_MESSAGES.adminPassword);
    }
    const common = await startAuthenticator(token, 'passwordpassword');
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(COMMON_PASSWORD_MESSAGE);
    // No digit, no capital, spaces: a long phrase is enough.
    const phrase = 'saffron tea on the veranda';
    expect((await startAuthenticator(token, phrase)).statusCode).toBe(200);
    const { secret } = await acceptInvitation(shop(), token, phrase);
    await adminSignIn(shop(), email, { secret, nextStep: true }, phrase);
    // A shopper's 11-character password is still fine at sign-up.
    expect((await signUp(shop(), uniqueEmail(), SHOPPER_PASSWORD)).body.accessToken).toBeTruthy();
  });

  it('refuses to invite someone who is an admin already, or invited already', async () => {
    const email = uniqueEmail();
    await invite(shop(), owner.headers, email);
    const twice = await post('/api/admin/admins', { email, fullname: 'Staff Member' }, owner.headers);
    expect(twice.statusCode).toBe(409);
    const self = await post('/api/admin/admins', { email: owner.email, fullname: 'The Owner' }, owner.headers);
    expect(self.statusCode).toBe(409);
  });

  it('answers a malformed link token with the same message', async () => {
    const response = await shop().app.inject({ url: '/api/admin/invitations/not-a-token' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ADMIN_MESSAGES.invitationGone);
  });
});
