// `npm run admin:create` (issue 22, decisions 0033 and 0048) run as an operator runs it: it makes an owner, or makes an
// existing account one with a new password, and what it prints really signs them in. On PGlite it runs with the shop stopped and is refused beside a running one; on
// PostgreSQL it runs beside the running shop.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildServer } from '../root/app.ts';
import { loadConfig } from '../root/modules.ts';
import { createServices, type Services } from '../root/services.ts';
import { totpCode } from '../admin/second-factor.ts';
import { adminSignIn, sessionCookie } from '../testing/admin-session.ts';
import { runNpmScript, type ScriptRun } from '../testing/npm-script.ts';
import { createScratchDatabase, type ScratchDatabase } from '../testing/postgres.ts';
import { startShopProcess, type ShopProcess } from '../testing/shop-process.ts';
import { ADMIN_MESSAGES, CSRF_HEADER } from '../../core/contracts/admin-session.ts';
import { COMMON_PASSWORD_MESSAGE } from '../auth/common-passwords.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const USAGE = 'Usage: npm run admin:create -- --email <e-mail> [--password <password>]';
const IN_USE = /is in use by another process.*Stop the shop first, or use PostgreSQL \(DATABASE_URL\)/s;
const PASSWORD = 'Owner-Secret-42-kesar';
/** What admin:create prints on stderr when the password is on the command line. */
const HISTORY_WARNING = /--password lands in your shell history/;
const SHOPPER_PASSWORD = 'kesar42chai'; // a shopper's password: good enough at sign-up, weaker than an admin's rule
/** A 20-byte TOTP secret in base32. */
const BASE32_SECRET = /^[A-Z2-7]{32}$/;
const RECOVERY_CODE_LINE = /^ {2}([0-9a-z]{4}(?:-[0-9a-z]{4}){5})$/gm;

const newDataDir = (name: string) => path.resolve('.cache/processes', `${name}-${randomBytes(6).toString('hex')}`);
const adminCreate = (args: string[], options: { env: Record<string, string>; stdin?: string }) =>
  runNpmScript('admin:create', args, options);
const outputOf = (run: ScriptRun) => `exit ${run.code}\n${run.stdout}${run.stderr}`;

/** What the owner copies from a successful run: the authenticator's secret and the recovery codes. */
function printedCredentials(run: ScriptRun, email: string): { secret: string; recoveryCodes: string[] } {
  expect(run.code, outputOf(run)).toBe(0);
  const uri = run.stdout.match(/^otpauth:\/\/totp\/\S+$/m)?.[0];
  expect(uri, run.stdout).toBeDefined();
  expect(decodeURIComponent(new URL(uri!).pathname)).toContain(email);
  const secret = new URL(uri!).searchParams.get('secret') ?? '';
  expect(secret).toMatch(BASE32_SECRET);
  const recoveryCodes = Array.from(run.stdout.matchAll(RECOVERY_CODE_LINE), (match) => match[1]!);
  expect(recoveryCodes, run.stdout).toHaveLength(10);
  expect(new Set(recoveryCodes).size).toBe(10);
  return { secret, recoveryCodes };
}

/** A refused run: a non-zero exit, the reason on stderr, nothing to sign in with and no stack trace. */
function expectRefused(run: ScriptRun, reason: string | RegExp): void {
  expect(run.code, outputOf(run)).not.toBe(0);
  expect(run.code, outputOf(run)).not.toBeNull(); // it exited, it was not killed
  if (typeof reason === 'string') expect(run.stderr).toContain(reason);
  else expect(run.stderr).toMatch(reason);
  expect(run.stdout).not.toContain('otpauth://');
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

describe('on the embedded database (PGlite)', () => {
  const dataDir = newDataDir('admin-create');
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
  const SHOPPER = 'promoted-shopper@example.in';

  /** The shop's API in this test process, on the data directory: it holds the directory as a running shop does. */
  async function withShop<T>(work: (shop: { app: FastifyInstance; services: Services }) => Promise<T>): Promise<T> {
    const services = await createServices(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }));
    try {
      const app = await buildServer(services, { logger: false });
      try {
        await app.ready();
        return await work({ app, services });
      } finally {
        await app.close();
      }
    } finally {
      await services.close();
    }
  }

  /** The password step alone, as the back office's sign-in page sends it. */
  const passwordStep = (app: FastifyInstance, email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/admin/session', payload: { email, password } });

  beforeAll(async () => {
    // The shop's first start made the database; a shopper signed up.
    await withShop(async ({ app }) => {
      for (const email of [SHOPPER]) {
        const signUp = await app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { fullname: 'Asha Verma', email, password: SHOPPER_PASSWORD },
        });
        expect(signUp.statusCode, signUp.body).toBe(201);
      }
    });
  }, 180_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('without a valid --email it prints the usage line and exits with 2', async () => {
    const commandLines = [[], ['--email', 'not-an-email'], ['--email'], ['owner@example.in']];
    // None of them opens the database, so they may run side by side.
    const runs = await Promise.all(commandLines.map((args) => adminCreate(args, { env })));
    for (const run of runs) {
      expect(run.code, outputOf(run)).toBe(2);
      expect(run.stderr.trim()).toBe(USAGE);
      expect(run.stdout).toBe('');
    }
  }, 120_000);

  test('beside a process that holds the data directory it is refused at once, and makes no account', async () => {
    const email = 'beside-the-shop@example.in';
    await withShop(async ({ services }) => {
      const run = await runNpmScript('admin:create', ['--email', email, '--password', PASSWORD], {
        env,
        timeoutMs: 30_000, // a lock refusal needs no waiting: more than this is a hang
      });
      expectRefused(run, IN_USE);
      expect(await services.auth.userIdByEmail(email)).toBeUndefined();
    });
  }, 120_000);

  test('with --password it makes an owner who signs in with a code from the printed secret, and with each recovery code once', async () => {
    const email = 'new-owner@example.in';
    const run = await adminCreate(['--email', email, '--password', PASSWORD], { env });
    const { secret, recoveryCodes } = printedCredentials(run, email);
    expect(run.stdout).toContain(`${email} is an owner of the back office (a new account).`);
    expect(run.stderr).toMatch(HISTORY_WARNING);

    await withShop(async ({ app }) => {
      await adminSignIn({ app }, email, { secret }, PASSWORD);
      await adminSignIn({ app }, email, { recoveryCode: recoveryCodes[0]! }, PASSWORD);

      const again = await passwordStep(app, email, PASSWORD);
      expect(again.statusCode, again.body).toBe(200);
      const reused = await app.inject({
        method: 'POST',
        url: '/api/admin/session/second-factor',
        headers: { cookie: sessionCookie(again), [CSRF_HEADER]: again.json<{ csrfToken: string }>().csrfToken },
        payload: { recoveryCode: recoveryCodes[0] },
      });
      expect(reused.statusCode, reused.body).toBe(401);
      expect(reused.json()).toEqual({ message: ADMIN_MESSAGES.codeWrong });
    });
  }, 120_000);

  test('without --password it takes the password twice from standard input; differing or weak ones make no account', async () => {
    const piped = { email: 'piped-owner@example.in', password: 'Kesar-Chai-42 adrak' };
    const created = await adminCreate(['--email', piped.email], {
      env,
      stdin: `${piped.password}\n${piped.password}\n`,
    });
    const { secret } = printedCredentials(created, piped.email);
    expect(created.stderr).not.toMatch(HISTORY_WARNING);

    const differing = 'differing-owner@example.in';
    expectRefused(
      await adminCreate(['--email', differing], { env, stdin: 'Kesar-Chai-42 adrak\nKesar-Chai-43 adrak\n' }),
      'The two passwords differ',
    );
    // Shorter than 15 characters, though it would pass the old composition rule; then a long but common one.
    const weak = 'weak-owner@example.in';
    expectRefused(
      await adminCreate(['--email', weak], { env, stdin: 'Kesar-Chai-42\nKesar-Chai-42\n' }),
      ADMIN_MESSAGES.adminPassword,
    );
    expectRefused(
      await adminCreate(['--email', weak], { env, stdin: 'passwordpassword\npasswordpassword\n' }),
      COMMON_PASSWORD_MESSAGE,
    );

    await withShop(async ({ app, services }) => {
      await adminSignIn({ app }, piped.email, { secret }, piped.password);
      expect(await services.auth.userIdByEmail(differing)).toBeUndefined();
      expect(await services.auth.userIdByEmail(weak)).toBeUndefined();
    });
  }, 120_000);

  test('an existing shopper becomes an owner only with a new password: the old one and their sessions end', async () => {
    const signInAsShopper = (app: FastifyInstance, password: string) =>
      app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: SHOPPER, password } });
    const bearer = await withShop(async ({ app }) => {
      const session = await signInAsShopper(app, SHOPPER_PASSWORD);
      expect(session.statusCode, session.body).toBe(200);
      return { authorization: `Bearer ${session.json<{ accessToken: string }>().accessToken}` };
    });
    const newPassword = 'Other-Secret-99-elaichi';
    const run = await adminCreate(['--email', SHOPPER], { env, stdin: `${newPassword}\n${newPassword}\n` });
    const { secret } = printedCredentials(run, SHOPPER);
    expect(run.stdout).toContain(`${SHOPPER} is an owner of the back office, with the new password`);

    await withShop(async ({ app }) => {
      const withOld = await passwordStep(app, SHOPPER, SHOPPER_PASSWORD);
      expect(withOld.statusCode, withOld.body).toBe(401);
      expect((await signInAsShopper(app, SHOPPER_PASSWORD)).statusCode).toBe(401);
      expect((await app.inject({ url: '/api/auth/me', headers: bearer })).statusCode).toBe(401);
      await adminSignIn({ app }, SHOPPER, { secret }, newPassword);
    });
  }, 120_000);
});

describe.skipIf(!postgresUrl)('on PostgreSQL, beside the running shop', () => {
  const dataDir = newDataDir('admin-create-pg');
  let scratch: ScratchDatabase;
  let shop: ShopProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    scratch = await createScratchDatabase(postgresUrl!, 'shop_admin_create');
    env = { DATA_DIR: dataDir, DATABASE_URL: scratch.url, SEED_DEMO: 'false' };
    shop = await startShopProcess(env, { timeoutMs: 300_000 });
  }, 320_000);
  afterAll(async () => {
    await shop?.stop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the owner it makes signs in through the running shop with a code from the printed secret', async () => {
    const email = 'postgres-owner@example.in';
    const run = await adminCreate(['--email', email, '--password', PASSWORD], { env });
    const { secret } = printedCredentials(run, email);

    const json = { 'content-type': 'application/json' };
    const first = await fetch(`${shop.origin}/api/admin/session`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(first.status, await first.clone().text()).toBe(200);
    /** The session cookie an answer sets, and its CSRF token: the second factor issues both anew. */
    const sessionOf = async (answer: Response) => {
      const cookie = answer.headers
        .getSetCookie()
        .find((value) => value.startsWith('admin_session='))
        ?.split(';')[0];
      expect(cookie, 'the admin session cookie').toBeDefined();
      const body = (await answer.json()) as { csrfToken: string; stage: string; email: string; role: string };
      return { body, headers: { cookie: cookie!, [CSRF_HEADER]: body.csrfToken } };
    };
    const halfway = await sessionOf(first);

    const second = await fetch(`${shop.origin}/api/admin/session/second-factor`, {
      method: 'POST',
      headers: { ...json, ...halfway.headers },
      body: JSON.stringify({ code: totpCode(secret) }),
    });
    expect(second.status, await second.clone().text()).toBe(200);
    const signedIn = await sessionOf(second);
    expect(signedIn.body).toMatchObject({ email, role: 'owner', stage: 'complete' });

    // Fully signed in: the owners-only team list answers, and names them.
    const team = await fetch(`${shop.origin}/api/admin/admins`, { headers: signedIn.headers });
    expect(team.status, await team.clone().text()).toBe(200);
    const { admins } = (await team.json()) as { admins: Array<{ email: string; role: string }> };
    expect(admins).toContainEqual(expect.objectContaining({ email, role: 'owner' }));
  }, 120_000);
});
