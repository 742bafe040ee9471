import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp-server.ts';
import { cookieHeader, refreshCookieOf, uniqueEmail } from '../testing/accounts.ts';
import { refreshTokens, users } from './schema.ts';

let shop: TestShop;
let smtp: TestSmtpServer;
const logLines: string[] = [];
beforeAll(async () => {
  smtp = await startSmtpServer();
  shop = await startTestShop(
    { SEED_DEMO: 'false', LOG_LEVEL: 'trace', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
    { logDestination: { write: (line: string) => void logLines.push(line) } },
  );
});
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

it('a whole account journey leaves no password, token or hash in any log line or response', async () => {
  const email = uniqueEmail();
  const passwords = ['Secret12x', 'Wrong78q', 'Changed34y', 'Reset56Zz'];
  const responses: Array<{ body: string; headers: Record<string, unknown> }> = [];
  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const response = await shop.app.inject({ method, url, payload, headers });
    responses.push({ body: response.body, headers: response.headers });
    return response;
  };
  const linkToken = async (path: string) => {
    await shop.services.emailLinks.settled();
    await shop.services.mailSender.drain();
    const mail = smtp.received.filter((candidate) => candidate.text?.includes(`/${path}/`)).at(-1)!;
    return new RegExp(`/${path}/([\\w-]+)`).exec(mail.text!)![1]!;
  };

  const signUp = await call('POST', '/api/auth/signup', { fullname: 'Meera Nair', email, password: passwords[0] });
  const accessTokens = [signUp.json().accessToken as string];
  const cookies = [refreshCookieOf(signUp)!];
  const verifyToken = await linkToken('verify-email');
  await call('POST', `/api/auth/verify-email/${verifyToken}`);
  await call('POST', '/api/auth/signin', { email, password: passwords[1] });
  const signIn = await call('POST', '/api/auth/signin', { email, password: passwords[0] });
  accessTokens.push(signIn.json().accessToken);
  cookies.push(refreshCookieOf(signIn)!);
  const bearer = { authorization: `Bearer ${accessTokens[1]}` };
  await call('GET', '/api/auth/me', undefined, bearer);
  const refreshed = await call('POST', '/api/auth/refresh-access-token', undefined, cookieHeader(cookies[1]));
  accessTokens.push(refreshed.json().accessToken);
  cookies.push(refreshCookieOf(refreshed)!);
  await call(
    'PUT',
    '/api/auth/profile',
    { fullName: 'Meera Nair', email, phone: '9876543210', currentPassword: passwords[0], password: passwords[2] },
    { authorization: `Bearer ${accessTokens[2]}`, ...cookieHeader(cookies[2]) },
  );
  await call('POST', '/api/auth/forgot-password', { email });
  const resetToken = await linkToken('reset-password');
  await call('POST', `/api/auth/reset-password/${resetToken}`, {
    newPassword: passwords[3],
    confirmPassword: passwords[3],
  });
  const last = await call('POST', '/api/auth/signin', { email, password: passwords[3] });
  cookies.push(refreshCookieOf(last)!);
  await call('POST', '/api/auth/logout', undefined, cookieHeader(cookies[3]));

  const [user] = await shop.services.database.db.select().from(users).where(eq(users.email, email));
  const tokenHashes = (
    await shop.services.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user!.id))
  ).map((row) => row.tokenHash);
  const linkTokens = [verifyToken, resetToken];

  // Every request of the journey was logged (so this test can fail), by path.
  const logs = logLines.join('\n');
  const requestLines = logLines.filter((line) => line.includes('"msg":"request completed"'));
  expect(requestLines).toHaveLength(responses.length);
  expect(logs).toContain('/api/auth/reset-password/[redacted]');
  for (const secret of [
    ...passwords,
    ...accessTokens,
    ...cookies,
    ...linkTokens,
    ...tokenHashes,
    user!.passwordHash!,
  ]) {
    expect(logs, 'a secret in the logs').not.toContain(secret);
  }

  // Responses carry their own session tokens, but never a password, a hash or an e-mail link token.
  for (const { body, headers } of responses) {
    const visible = `${body}\n${JSON.stringify({ ...headers, 'set-cookie': undefined })}`;
    for (const secret of [...passwords, ...linkTokens, ...tokenHashes, user!.passwordHash!, '$argon2']) {
      expect(visible, 'a secret in a response').not.toContain(secret);
    }
  }
});
