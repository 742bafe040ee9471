import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp-server.ts';
import { cookieHeader, refreshCookieOf, signUp, uniqueEmail } from '../testing/accounts.ts';
import { emailTokens, users } from './schema.ts';
import { hashToken } from './tokens.ts';
import { RESET_LINK_SENT, VERIFICATION_SENT } from './email-routes.ts';

let shop: TestShop;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  shop = await startTestShop({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SEED_DEMO: 'false' });
});
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'POST', url, payload, headers });

/** Delivers the outbox through the real SMTP server and returns the mails that reached `email`. */
async function mailsTo(email: string): Promise<ParsedMail[]> {
  await shop.services.emailLinks.settled();
  await shop.services.mailSender.drain();
  return smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === email);
}

/** The token at the end of the link to `path` in a mail's text and HTML. */
function tokenIn(mail: ParsedMail, path: string): string {
  const match = new RegExp(`http://localhost:3000/${path}/([\\w-]+)`).exec(mail.text ?? '');
  expect(match, `a /${path}/ link in the mail`).not.toBeNull();
  expect(mail.html).toContain(`/${path}/${match![1]}`);
  return match![1]!;
}

describe('e-mail verification', () => {
  it('mails a link at sign-up that verifies the address once', async () => {
    const { email, bearer } = await signUp(shop);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toContain('Verify your e-mail');
    const token = tokenIn(mail!, 'verify-email');

    const first = await post(`/api/auth/verify-email/${token}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Email verified successfully' });
    const me = await shop.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer });
    expect(me.json().user.emailVerified).toBe(true);
    expect((await post(`/api/auth/verify-email/${token}`)).json()).toEqual({ message: 'Email is already verified' });
  });

  it('refuses unknown and expired links', async () => {
    expect((await post('/api/auth/verify-email/not-a-real-token-value-at-all')).json()).toEqual({
      message: 'Invalid or expired link',
    });
    const { email } = await signUp(shop);
    const token = tokenIn((await mailsTo(email))[0]!, 'verify-email');
    await shop.services.database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    const expired = await post(`/api/auth/verify-email/${token}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: 'Invalid or expired link' });
  });

  it('resends a link on request, and answers the same for addresses it does not know', async () => {
    const { email, bearer } = await signUp(shop);
    const byBody = await post('/api/auth/resend-verification-email', { email });
    expect(byBody.json()).toEqual({ message: VERIFICATION_SENT });
    const bySession = await post('/api/auth/resend-verification-email', {}, bearer);
    expect(bySession.json()).toEqual({ message: VERIFICATION_SENT });
    expect(await mailsTo(email)).toHaveLength(3);

    const stranger = uniqueEmail();
    expect((await post('/api/auth/resend-verification-email', { email: stranger })).json()).toEqual({
      message: VERIFICATION_SENT,
    });
    expect(await mailsTo(stranger)).toHaveLength(0);
  });
});

describe('password reset', () => {
  it('answers known and unknown addresses alike, and mails only the known one', async () => {
    const { email } = await signUp(shop);
    const stranger = uniqueEmail();
    const known = await post('/api/auth/forgot-password', { email });
    const unknown = await post('/api/auth/forgot-password', { email: stranger });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: RESET_LINK_SENT });
    expect((await mailsTo(email)).filter((mail) => mail.subject?.includes('Reset'))).toHaveLength(1);
    expect(await mailsTo(stranger)).toHaveLength(0);
    expect((await post('/api/auth/forgot-password', { email: '' })).json()).toEqual({ message: 'Enter Email' });
    expect((await post('/api/auth/forgot-password', { email: 'nope' })).json()).toEqual({
      message: 'Email is invalid',
    });
  });

  it('resets the password once, checks the new one, and ends every session', async () => {
    const { email, response } = await signUp(shop);
    await post('/api/auth/forgot-password', { email });
    const resetMail = (await mailsTo(email)).find((mail) => mail.subject?.includes('Reset'))!;
    const token = tokenIn(resetMail, 'reset-password');
    const reset = (payload: object) => post(`/api/auth/reset-password/${token}`, payload);

    expect((await reset({ newPassword: 'Mango42Lassi', confirmPassword: '' })).json()).toEqual({
      message: 'Please fill in both fields',
    });
    expect((await reset({ newPassword: 'Mango42Lassi', confirmPassword: 'Mango42Lasse' })).json()).toEqual({
      message: 'Passwords do not match',
    });
    expect((await reset({ newPassword: 'mango42lassi', confirmPassword: 'mango42lassi' })).json()).toEqual({
      message:
        'Password must be 6-20 characters with at least one uppercase letter, one lowercase letter, and one number',
    });

    const done = await reset({ newPassword: 'Mango42Lassi', confirmPassword: 'Mango42Lassi' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Password reset successful' });

    const signIn = (password: string) => post('/api/auth/signin', { email, password });
    expect((await signIn('kesar42chai')).statusCode).toBe(401);
    expect((await signIn('Mango42Lassi')).statusCode).toBe(200);
    const oldSession = await post('/api/auth/refresh-access-token', undefined, cookieHeader(refreshCookieOf(response)));
    expect(oldSession.statusCode).toBe(401);

    const again = await reset({ newPassword: 'Jamun77Tree', confirmPassword: 'Jamun77Tree' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'Invalid or expired link' });
  });

  it('refuses an expired reset link', async () => {
    const { email } = await signUp(shop);
    await post('/api/auth/forgot-password', { email });
    const token = tokenIn(
      (await mailsTo(email)).find((mail) => mail.subject?.includes('Reset'))!,
      'reset-password',
    );
    const [user] = await shop.services.database.db.select().from(users).where(eq(users.email, email));
    await shop.services.database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user!.id));
    const response = await post(`/api/auth/reset-password/${token}`, {
      newPassword: 'Mango42Lassi',
      confirmPassword: 'Mango42Lassi',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid or expired link' });
  });
});
