// One process per embedded database (decision 0022): a CLI or a second shop beside a running PGlite shop is refused,
// and changes nothing; once the shop stops, however it stops, the next start works.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, expect, test } from 'vitest';
import { openDatabase } from '../platform/db/client.ts';
import { users } from '../auth/schema.ts';
import { admins } from '../admin/schema.ts';
import { startShopProcess, type ShopProcess } from '../testing/shop-process.ts';

const dataDir = path.resolve('.cache/processes', `embedded-lock-${randomBytes(6).toString('hex')}`);
const env = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
const EMAIL = 'someone@example.com';
const OWNER_PASSWORD = 'kesar-chai-owner-2026';
const IN_USE = /is in use by another process.*Stop the shop first, or use PostgreSQL \(DATABASE_URL\)/s;

/** `npm run admin:create -- --email <e-mail> --password …` as an operator runs it, with the shop's settings. */
function createOwner(email: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const args = ['--import', 'tsx', 'scripts/admin-create.ts', '--email', email, '--password', OWNER_PASSWORD];
    const child = spawn(process.execPath, args, {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** Whether the account is a back-office admin as the database has it, read once no shop holds it. */
async function isAdmin(email: string): Promise<boolean> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const found = await database.db
      .select({ role: admins.role })
      .from(admins)
      .innerJoin(users, eq(users.id, admins.userId))
      .where(eq(users.email, email));
    return found.length > 0;
  } finally {
    await database.close();
  }
}

const shops: ShopProcess[] = [];
const start = async (options: { waitForHealth?: boolean } = {}) => {
  const shop = await startShopProcess(env, { timeoutMs: 300_000, ...options });
  shops.push(shop);
  return shop;
};
afterEach(() => {
  for (const shop of shops.splice(0)) shop.kill('SIGKILL');
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('admin:create and a second shop beside a running PGlite shop are refused and change nothing', async () => {
  const shop = await start();
  const signup = await fetch(`${shop.origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullname: 'Some One', email: EMAIL, password: 'kesar42chai' }),
  });
  expect(signup.status, await signup.clone().text()).toBe(201);

  const cli = await createOwner(EMAIL);
  expect(cli.code, cli.output).not.toBe(0);
  expect(cli.output).toMatch(IN_USE);
  expect(cli.output).not.toContain('otpauth://');
  expect(cli.output).not.toMatch(/\n\s+at /); // a message, not a stack trace

  const second = await start({ waitForHealth: false });
  expect(await second.exited).toBe(1);
  expect(second.output()).toMatch(IN_USE);

  // The first shop never noticed.
  expect((await fetch(`${shop.origin}/api/health`)).status).toBe(200);
  expect(await shop.stop()).toBe(0);
  expect(await isAdmin(EMAIL)).toBe(false);

  // With the shop stopped, the same command works.
  const again = await createOwner(EMAIL);
  expect(again.code, again.output).toBe(0);
  expect(again.output).toContain('otpauth://');
  expect(await isAdmin(EMAIL)).toBe(true);
}, 400_000);

test('a shop killed with SIGKILL blocks no later start', async () => {
  const killed = await start();
  killed.kill('SIGKILL');
  await killed.exited;
  const next = await start();
  expect((await fetch(`${next.origin}/api/health`)).status).toBe(200);
  expect(await next.stop()).toBe(0);
}, 400_000);

test('a production start with a sandbox or plain-http gateway refuses and names it', async () => {
  const production = {
    ...env,
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://127.0.0.1:9',
    PUBLIC_URL: 'https://shop.example.in',
    PHONEPE_CLIENT_ID: 'M123',
    PHONEPE_CLIENT_SECRET: 'client-secret',
    PHONEPE_WEBHOOK_USERNAME: 'shop_hook',
    PHONEPE_WEBHOOK_PASSWORD: 'a-long-webhook-pw1',
  };
  const refusals: Array<{ settings: Record<string, string>; named: RegExp }> = [
    { settings: { PHONEPE_ENV: 'sandbox' }, named: /PHONEPE_ENV=sandbox is refused when NODE_ENV=production/ },
    {
      settings: { PHONEPE_API_URL: 'http://pay.example.in/pg', PHONEPE_PAY_PAGE_ORIGINS: 'http://pay.example.in' },
      named: /PHONEPE_API_URL="http:\/\/pay\.example\.in\/pg" must use https:\/\/[\s\S]*PHONEPE_PAY_PAGE_ORIGINS=/,
    },
  ];
  for (const { settings, named } of refusals) {
    const shop = await startShopProcess({ ...production, ...settings }, { waitForHealth: false });
    shops.push(shop);
    expect(await shop.exited).toBe(1);
    expect(shop.output()).toMatch(named);
  }
}, 120_000);
