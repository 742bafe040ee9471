import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestShop, type TestShop } from '../../testing/harness.ts';
import { changePassword, cookieHeader, refreshCookieOf, signUp, uniqueEmail } from '../../testing/accounts.ts';
import { CROSS_SITE_MESSAGE } from './same-origin.ts';
import { COMMON_PASSWORD_MESSAGE } from '../../auth/common-passwords.ts';

let shop: TestShop;
const logLines: string[] = [];
beforeAll(async () => {
  shop = await startTestShop(
    { SEED_DEMO: 'false', LOG_LEVEL: 'info', TRUST_PROXY: 'true' },
    { logDestination: { write: (line: string) => void logLines.push(line) } },
  );
});
afterAll(async () => {
  await shop?.close();
});

// The local mailbox's rules (this machine only, never through a proxy): local-conveniences.test.ts.

describe('cookie-authenticated endpoints', () => {
  const refresh = (cookie: string, headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'POST') =>
    shop.app.inject({
      method,
      url: '/api/auth/refresh-access-token',
      headers: { ...cookieHeader(cookie), ...headers },
    });

  it('refresh answers POST only', async () => {
    const { response } = await signUp(shop);
    expect((await refresh(refreshCookieOf(response)!, {}, 'GET')).statusCode).toBe(404);
    expect((await refresh(refreshCookieOf(response)!)).statusCode).toBe(200);
  });

  it('refuse cross-site requests and accept same-site ones', async () => {
    const { response, bearer } = await signUp(shop);
    const cookie = refreshCookieOf(response)!;
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const refused = await refresh(cookie, headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(CROSS_SITE_MESSAGE);
      const logout = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...cookieHeader(cookie), ...headers },
      });
      expect(logout.statusCode).toBe(403);
    }
    // The refused logout did not end the session.
    expect((await shop.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer })).statusCode).toBe(200);
    const sameSite = await refresh(cookie, { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' });
    expect(sameSite.statusCode).toBe(200);
  });
});

describe('caching', () => {
  it('answers with tokens or personal data are never stored', async () => {
    const { response, bearer } = await signUp(shop);
    expect(response.headers['cache-control']).toBe('no-store');
    const me = await shop.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer });
    expect(me.headers['cache-control']).toBe('no-store');
    const orders = await shop.app.inject({ method: 'GET', url: '/api/orders/get-user-orders', headers: bearer });
    expect(orders.headers['cache-control']).toBe('no-store');
    const products = await shop.app.inject({ method: 'GET', url: '/api/product/all-products' });
    expect(products.statusCode).toBe(200);
    expect(products.headers['cache-control']).not.toBe('no-store');
  });
});

describe('mail to unverified addresses', () => {
  it('never carries the name typed at sign-up', async () => {
    const email = uniqueEmail();
    const fullname = 'Win big at https://evil.example/claim';
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { fullname, email, password: 'kesar42chai' },
    });
    expect(response.statusCode).toBe(201);
    await shop.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    await shop.services.emailLinks.settled();
    const mails = await shop.services.database.db.execute<{ text: string; html: string; subject: string }>(
      sql`select text, html, subject from mail_outbox where "to" = ${email}`,
    );
    const rows = (mails as unknown as { rows: Array<{ text: string; html: string; subject: string }> }).rows;
    expect(rows).toHaveLength(2);
    for (const mail of rows) expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/evil\.example|Win big/);
  });
});

describe('forgot-password', () => {
  it('answers before it looks the account up, so its timing tells nothing', async () => {
    const { email } = await signUp(shop);
    // Hold the database: an answer that waited for the account lookup could not arrive.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = shop.services.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table users in access exclusive mode`);
      await held;
    });
    try {
      const started = Date.now();
      const response = await shop.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      expect(response.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      release();
      await holding;
    }
    await shop.services.emailLinks.settled();
  });
});

describe('common passwords', () => {
  it('are refused at sign-up, reset and change, with a clear message', async () => {
    const signup = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { fullname: 'Asha Verma', email: uniqueEmail(), password: 'password1' },
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().message).toBe(COMMON_PASSWORD_MESSAGE);
    const { email, password, bearer } = await signUp(shop);
    const change = await changePassword(shop, { email, bearer }, password, 'abc12345');
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toBe(COMMON_PASSWORD_MESSAGE);
  });
});

describe('logs', () => {
  it('a failed query logs its statement and error code, never its parameters', async () => {
    const db = shop.services.database.db;
    await db.execute(sql`alter table mail_outbox add constraint refuse_all check (length(subject) < 0) not valid`);
    const email = uniqueEmail();
    try {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { fullname: 'Leela Menon', email, password: 'kesar42chai' },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await db.execute(sql`alter table mail_outbox drop constraint refuse_all`);
    }
    const logged = logLines.join('\n');
    expect(logged).toContain('23514');
    expect(logged).toContain('insert into');
    expect(logged).not.toContain(email);
    expect(logged).not.toContain('$argon2');
    expect(logged).not.toContain('/verify-email/');
  });
});

describe('Secure cookies and production', () => {
  it('marks the refresh cookie Secure when PUBLIC_URL is https', { timeout: 60_000 }, async () => {
    const secure = await startTestShop({ SEED_DEMO: 'false', PUBLIC_URL: 'https://shop.example.in' });
    try {
      const { response } = await signUp(secure);
      expect(String(response.headers['set-cookie'])).toMatch(/;\s*Secure/i);
    } finally {
      await secure.close();
    }
    const { response } = await signUp(shop);
    expect(String(response.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
  });

  it(
    'serves neither the mailbox nor the API docs in production unless API_DOCS=true',
    { timeout: 120_000 },
    async () => {
      const production = { NODE_ENV: 'production', SEED_DEMO: 'false', PUBLIC_URL: 'https://shop.example.in' };
      const smtp = { SMTP_URL: 'smtp://127.0.0.1:9' };
      const closed = await startTestShop({ ...production, ...smtp });
      const open = await startTestShop({ ...production, ...smtp, API_DOCS: 'true' });
      try {
        expect((await closed.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
        expect((await closed.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
        expect((await open.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      } finally {
        await Promise.all([closed.close(), open.close()]);
      }
    },
  );
});
