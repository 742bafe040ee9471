// The back office's second factor against guessing (issue 31, decision 0047): wrong codes counted per account, the
// lock and its mails, the session's new token at the second factor, sealed secrets and salted recovery codes, the
// audit log's sign-in events, and back-office sessions that end with the password.
import { and, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testShopFor, type TestShop } from '../testing/harness.ts';
import { changePassword, signUp, uniqueEmail } from '../testing/accounts.ts';
import {
  ADMIN_TEST_PASSWORD,
  adminSignIn,
  sessionCookie,
  signedInAdmin,
  signedInHeaders,
} from '../testing/admin-session.ts';
import { mailOutbox } from '../mail/schema.ts';
import { ADMIN_MESSAGES, CSRF_HEADER } from '../../core/contracts/admin-session.ts';
import { adminRecoveryCodes, admins } from './schema.ts';
import { RECOVERY_CODE_BITS, totpCode } from './second-factor.ts';

const shop = testShopFor({ SEED_DEMO: 'false' });
const MINUTE_MS = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

/** The password step from `ip`: the halfway session's cookie and CSRF token. */
async function passwordStep(email: string, ip = '127.0.0.1', password = ADMIN_TEST_PASSWORD) {
  const response = await shop().app.inject({
    method: 'POST',
    url: '/api/admin/session',
    remoteAddress: ip,
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { cookie: sessionCookie(response), [CSRF_HEADER]: response.json<{ csrfToken: string }>().csrfToken };
}

const codeStep = (headers: Record<string, string>, payload: object, ip = '127.0.0.1') =>
  shop().app.inject({
    method: 'POST',
    url: '/api/admin/session/second-factor',
    remoteAddress: ip,
    headers,
    payload,
  });

const sessionOf = (headers: Record<string, string>) =>
  shop().app.inject({ url: '/api/admin/session', headers: { cookie: headers.cookie! } });

/** A six-digit code the authenticator does not show now (nor one step either side). */
function wrongCode(secret: string): string {
  const near = new Set([-30_000, 0, 30_000].map((shift) => totpCode(secret, Date.now() + shift)));
  for (let guess = 0; ; guess++) {
    const code = String(guess).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

const mailsTo = (to: string, subject: string) =>
  shop()
    .services.database.db.select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, `%${subject}%`)));

const authEntries = async (email: string) =>
  (await shop().services.audit.search({ adminEmail: email, action: 'auth', limit: 100 })).reverse();

const storedSecret = async (current: TestShop, email: string) => {
  const userId = (await current.services.auth.userIdByEmail(email))!;
  const [row] = await current.services.database.db.select().from(admins).where(eq(admins.userId, userId));
  return { userId, totpSecret: row!.totpSecret! };
};

describe('wrong codes, counted per account', () => {
  it('locks the account after the 5th of 30 wrong codes across 6 sessions and 3 addresses, right codes too', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const admin = await signedInAdmin(shop());
    const addresses = ['203.0.113.7', '198.51.100.23', '192.0.2.44'];
    const sessions = [];
    for (let index = 0; index < 6; index++) {
      const ip = addresses[index % 3]!;
      sessions.push({ ip, headers: await passwordStep(admin.email, ip) });
    }
    const answers = [];
    for (let attempt = 0; attempt < 30; attempt++) {
      const { ip, headers } = sessions[attempt % 6]!;
      const proof = attempt % 2 ? { code: wrongCode(admin.secret) } : { recoveryCode: 'wxyz-wxyz-wxyz-wxyz-wxyz-wxyz' };
      answers.push(await codeStep(headers, proof, ip));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([...Array(4).fill(401), ...Array(26).fill(429)]);
    for (const locked of answers.slice(4)) {
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expect(locked.json().message).toBe(
        'Too many wrong codes: this account takes no code for the next 15 minutes. An e-mail has gone to its address.',
      );
    }

    // A right code, from a session of its own and a new address: refused while the lock lasts.
    const fresh = await passwordStep(admin.email, '100.64.0.9');
    vi.setSystemTime(Date.now() + 14 * MINUTE_MS);
    const early = await codeStep(fresh, { code: totpCode(admin.secret) }, '100.64.0.9');
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await codeStep(sessions[0]!.headers, { recoveryCode: admin.recoveryCodes[0]! })).statusCode).toBe(429);

    vi.setSystemTime(Date.now() + MINUTE_MS + 1000);
    const after = await codeStep(fresh, { code: totpCode(admin.secret) }, '100.64.0.9');
    expect(after.statusCode, after.body).toBe(200);

    // The next lock in a row lasts twice as long; the right password in between cleared nothing.
    const again = await passwordStep(admin.email);
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt++)
      statuses.push(await codeStep(again, { code: wrongCode(admin.secret) }));
    expect(statuses.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401, 429]);
    expect(Number(statuses[4]!.headers['retry-after'])).toBe(30 * 60);
    expect(statuses[4]!.json().message).toContain('for the next 30 minutes');
  });

  it('counts wrong codes from separate sign-ins: a right password in between never clears them', async () => {
    const admin = await signedInAdmin(shop());
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const headers = await passwordStep(admin.email);
      statuses.push((await codeStep(headers, { code: wrongCode(admin.secret) })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    // Another account is not locked by this one's failures.
    const other = await signedInAdmin(shop());
    expect((await codeStep(await passwordStep(other.email), { code: wrongCode(other.secret) })).statusCode).toBe(401);
  });

  it('takes parallel guesses in turn: no more than five are ever checked', async () => {
    const admin = await signedInAdmin(shop());
    const sessions = await Promise.all(Array.from({ length: 4 }, () => passwordStep(admin.email)));
    const answers = await Promise.all(
      // Recovery codes: checking one reads the database, where guesses not taking turns would overtake each other.
      Array.from({ length: 20 }, (_, index) =>
        codeStep(sessions[index % 4]!, { recoveryCode: `wrong-code-${String(index).padStart(4, '0')}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(16);
    const wrong = (await authEntries(admin.email)).filter((entry) => entry.action === 'auth.code-wrong');
    expect(wrong).toHaveLength(5);
  });

  it('mails the admin when the account locks, and records the wrong codes and the lock with their address', async () => {
    const admin = await signedInAdmin(shop());
    const headers = await passwordStep(admin.email, '203.0.113.50');
    for (let attempt = 0; attempt < 5; attempt++)
      await codeStep(headers, { code: wrongCode(admin.secret) }, '203.0.113.50');
    const [mail, ...more] = await mailsTo(admin.email, 'sign-in codes locked');
    expect(more).toEqual([]);
    expect(mail!.text).toContain('Five wrong sign-in codes');
    expect(mail!.text).toContain('203.0.113.50');
    expect(mail!.text).toContain('for the next 15 minutes');
    const entries = await authEntries(admin.email);
    const wrong = entries.filter((entry) => entry.action === 'auth.code-wrong');
    expect(wrong.map((entry) => [entry.ip, (entry.after as { failures: number }).failures])).toEqual(
      [1, 2, 3, 4, 5].map((failures) => ['203.0.113.50', failures]),
    );
    expect(entries.find((entry) => entry.action === 'auth.locked')).toMatchObject({
      ip: '203.0.113.50',
      targetType: 'admin',
      after: { failures: 5, lockedForSeconds: 900 },
    });
  });
});

describe('the session at the second factor', () => {
  it('gets a new cookie token and CSRF token: the password step’s stop working', async () => {
    const admin = await signedInAdmin(shop());
    const halfway = await passwordStep(admin.email);
    const passed = await codeStep(halfway, { recoveryCode: admin.recoveryCodes[1]! });
    expect(passed.statusCode, passed.body).toBe(200);
    const signedIn = signedInHeaders(passed);
    expect(signedIn.cookie).not.toBe(halfway.cookie);
    expect(signedIn[CSRF_HEADER]).not.toBe(halfway[CSRF_HEADER]);
    expect(passed.cookies.find(({ name }) => name === 'admin_session')).toMatchObject({ httpOnly: true, path: '/' });

    expect((await sessionOf(halfway)).statusCode).toBe(403);
    expect((await shop().app.inject({ url: '/api/admin/admins', headers: halfway })).statusCode).toBe(403);
    expect((await sessionOf(signedIn)).json()).toMatchObject({ stage: 'complete', csrfToken: signedIn[CSRF_HEADER] });
    const oldToken = await shop().app.inject({
      method: 'DELETE',
      url: '/api/admin/session',
      headers: { cookie: signedIn.cookie, [CSRF_HEADER]: halfway[CSRF_HEADER] },
    });
    expect(oldToken.statusCode).toBe(403);
    expect(oldToken.json().message).toBe(ADMIN_MESSAGES.csrf);
  });
});

const shopperSignIn = async (email: string, password = ADMIN_TEST_PASSWORD) => {
  const response = await shop().app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { email, bearer: { authorization: `Bearer ${response.json<{ accessToken: string }>().accessToken}` } };
};

describe('back-office sessions end with the password', () => {
  it('ends every back-office session of the account when its password changes on the shop', async () => {
    const admin = await signedInAdmin(shop());
    const other = await signedInAdmin(shop());
    const halfway = await passwordStep(admin.email);
    const changed = await changePassword(
      shop(),
      await shopperSignIn(admin.email),
      ADMIN_TEST_PASSWORD,
      'New-Secret-4242',
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await sessionOf(admin.headers)).statusCode).toBe(403);
    expect((await sessionOf(halfway)).statusCode).toBe(403);
    expect((await sessionOf(other.headers)).statusCode).toBe(200);
    await adminSignIn(shop(), admin.email, { recoveryCode: admin.recoveryCodes[2]! }, 'New-Secret-4242');
  });

  it('ends them when the password is reset by its e-mailed link', async () => {
    const admin = await signedInAdmin(shop());
    await shop().services.emailLinks.requestPasswordReset(admin.email);
    const [mail] = await mailsTo(admin.email, 'Reset');
    const token = /\/reset-password\/([\w-]+)/.exec(mail!.text)![1]!;
    await shop().services.emailLinks.resetPassword(token, 'Reset-Secret-4242');
    expect((await sessionOf(admin.headers)).statusCode).toBe(403);
  });

  // No route changes a role any more (decision 0051): leaving the team is the one change of an admin's rights.
  it('ends them when the account leaves the team', async () => {
    const owner = await signedInAdmin(shop());
    const staff = await signedInAdmin(shop(), 'staff');
    const staffId = (await shop().services.auth.userIdByEmail(staff.email))!;
    const removed = await shop().app.inject({
      method: 'DELETE',
      url: `/api/admin/admins/${staffId}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await sessionOf(staff.headers)).statusCode).toBe(403);
    expect((await sessionOf(owner.headers)).statusCode).toBe(200);
  });
});

describe("an admin's password keeps the back office's length on the shop's forms too", () => {
  // Meets the shop's own rules (sign-up and reset), under the admin's 15 characters.
  const SHORT = 'Chai-42-ok';
  const resetBy = (token: string, newPassword: string) =>
    shop().app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${token}`,
      payload: { newPassword, confirmPassword: newPassword },
    });

  it('refuses a shopper-length password change for an admin, and keeps its sessions; a shopper may choose it', async () => {
    const admin = await signedInAdmin(shop());
    const shopper = await shopperSignIn(admin.email);
    const refused = await changePassword(shop(), shopper, ADMIN_TEST_PASSWORD, SHORT);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: ADMIN_MESSAGES.adminPassword });
    expect((await sessionOf(admin.headers)).statusCode).toBe(200);
    await shopperSignIn(admin.email);

    const plain = await signUp(shop(), uniqueEmail(), 'kesar42chai');
    const signedIn = await shopperSignIn(plain.email, 'kesar42chai');
    expect((await changePassword(shop(), signedIn, 'kesar42chai', SHORT)).statusCode).toBe(200);
  });

  it('refuses it by the reset link too, and the link then still sets a long one', async () => {
    const admin = await signedInAdmin(shop());
    await shop().services.emailLinks.requestPasswordReset(admin.email);
    const [mail] = await mailsTo(admin.email, 'Reset');
    const token = /\/reset-password\/([\w-]+)/.exec(mail!.text)![1]!;
    const refused = await resetBy(token, SHORT);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: ADMIN_MESSAGES.adminPassword });
    expect((await sessionOf(admin.headers)).statusCode).toBe(200);
    expect((await resetBy(token, 'Reset-Secret-4242')).statusCode).toBe(200);
    await shopperSignIn(admin.email, 'Reset-Secret-4242');
  });
});

describe('secrets at rest', () => {
  it('keeps authenticator secrets sealed (v1:iv:tag:ciphertext), enrolment’s too: no base32 secret in the row', async () => {
    const owner = await signedInAdmin(shop());
    const staff = await signedInAdmin(shop(), 'staff');
    for (const admin of [owner, staff]) {
      const { totpSecret } = await storedSecret(shop(), admin.email);
      expect(totpSecret).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
      expect(totpSecret).not.toContain(admin.secret);
      expect(totpSecret.toUpperCase()).not.toContain(admin.secret.slice(0, 8));
    }
  });

  it('reads a secret an older version kept in plain text, and seals it at the next start', async () => {
    const admin = await signedInAdmin(shop());
    const { userId } = await storedSecret(shop(), admin.email);
    // As an older version left it; the code the helper signed in with may be used once more.
    const { database } = shop().services;
    await database.db
      .update(admins)
      .set({ totpSecret: admin.secret, totpLastStep: null })
      .where(eq(admins.userId, userId));
    await adminSignIn(shop(), admin.email, { secret: admin.secret });
    await shop().services.admin.start();
    const { totpSecret } = await storedSecret(shop(), admin.email);
    expect(totpSecret.startsWith('v1:')).toBe(true);
    expect(totpSecret).not.toContain(admin.secret);
  });

  it('gives recovery codes of 112 bits or more, each kept salted: salt$hash, never its bare hash', async () => {
    const admin = await signedInAdmin(shop());
    expect(RECOVERY_CODE_BITS).toBeGreaterThanOrEqual(112);
    for (const code of admin.recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){5}$/);
    const { userId } = await storedSecret(shop(), admin.email);
    const rows = await shop()
      .services.database.db.select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.userId, userId));
    expect(rows).toHaveLength(10);
    const { createHash } = await import('node:crypto');
    const salts = new Set<string>();
    for (const { codeHash } of rows) {
      const [salt, hash] = codeHash.split('$');
      expect(salt).toMatch(/^[\w-]{22}$/);
      expect(hash).toMatch(/^[\w-]{43}$/);
      salts.add(salt!);
      for (const code of admin.recoveryCodes) {
        const bare = code.replace(/-/g, '');
        expect(codeHash).not.toContain(createHash('sha256').update(bare).digest('hex'));
        expect(codeHash).not.toContain(createHash('sha256').update(bare).digest('base64url'));
      }
    }
    expect(salts.size).toBe(10);
    // Typed by hand, in capitals with spaces, a code still works; it works once.
    const typed = admin.recoveryCodes[3]!.toUpperCase().replace(/-/g, ' ');
    await adminSignIn(shop(), admin.email, { recoveryCode: typed });
    expect((await codeStep(await passwordStep(admin.email), { recoveryCode: typed })).statusCode).toBe(401);
  });
});

describe('sign-in events', () => {
  it('mails the admin when a recovery code is used, and records it with the address', async () => {
    const admin = await signedInAdmin(shop());
    const headers = await passwordStep(admin.email, '198.51.100.77');
    expect((await codeStep(headers, { recoveryCode: admin.recoveryCodes[4]! }, '198.51.100.77')).statusCode).toBe(200);
    const [mail] = await mailsTo(admin.email, 'a recovery code was used');
    expect(mail!.text).toContain('198.51.100.77');
    expect(mail!.text).toContain('9 unused codes left');
    const entries = await authEntries(admin.email);
    expect(entries.find((entry) => entry.action === 'auth.recovery-code-used')).toMatchObject({
      ip: '198.51.100.77',
      after: { codesLeft: 9 },
    });
  });

  it('records the owner made from the command line, each sign-in step and enrolment, with the address', async () => {
    const staff = await signedInAdmin(shop(), 'staff');
    const staffEntries = await authEntries(staff.email);
    // Staff enrol by accepting their invitation (decision 0048), then sign in.
    expect(staffEntries.map(({ action, ip, after }) => [action, ip, after])).toEqual([
      ['auth.enrolled', '127.0.0.1', { method: 'authenticator' }],
      ['auth.sign-in', '127.0.0.1', { step: 'password', next: 'code' }],
      ['auth.sign-in', '127.0.0.1', { step: 'second factor', method: 'authenticator' }],
    ]);
    const owner = await signedInAdmin(shop());
    const ownerEntries = await authEntries(owner.email);
    expect(ownerEntries.map(({ action, ip }) => [action, ip])).toEqual([
      ['auth.owner-created', 'command line'],
      ['auth.sign-in', '127.0.0.1'],
      ['auth.sign-in', '127.0.0.1'],
    ]);
    expect(ownerEntries[0]).toMatchObject({
      adminEmail: owner.email,
      after: { email: owner.email, createdAccount: true },
    });
  });
});
