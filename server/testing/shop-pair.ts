import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { startShopProcess, type ShopProcess } from './shop-process.ts';
import { createScratchDatabase, type ScratchDatabase } from './postgres.ts';

/**
 * Two shop processes, A and B, on one scratch PostgreSQL database, each with a data directory of its own: started
 * together before the describe block's tests, as a deployment starts them (migrations and the seed run once, under
 * the startup lock), and stopped, their database dropped, after them. `env` adds to each one's DATABASE_URL and
 * DATA_DIR, and may replace them. `database` is the test's own pool, to look into the database or change it.
 */
export function shopPairFor(
  baseUrl: string,
  prefix: string,
  env: (which: 'a' | 'b', scratch: ScratchDatabase) => Record<string, string>,
) {
  const dataDir = path.resolve('.cache/processes', `${prefix}-${randomBytes(6).toString('hex')}`);
  let scratch: ScratchDatabase | undefined;
  let database: pg.Pool | undefined;
  let shops: ShopProcess[] = [];
  beforeAll(async () => {
    const created = await createScratchDatabase(baseUrl, prefix);
    scratch = created;
    database = new pg.Pool({ connectionString: created.url, max: 4 });
    const start = (which: 'a' | 'b') =>
      startShopProcess({ DATABASE_URL: created.url, DATA_DIR: path.join(dataDir, which), ...env(which, created) });
    shops = await Promise.all([start('a'), start('b')]);
  });
  afterAll(async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
    await database?.end();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    scratch: () => scratch!,
    database: () => database!,
    shopA: () => shops[0]!,
    shopB: () => shops[1]!,
  };
}

/** A call to a shop process's API, JSON unless told otherwise: its status and the body as text. */
export async function callShop(shop: ShopProcess, route: string, init: RequestInit = {}) {
  const response = await fetch(`${shop.origin}${route}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  return { status: response.status, body: await response.text() };
}

/** A shopper signed up on `shop`, the e-mail marked verified in the database as following the mailed link would. */
export async function verifiedShopperOn(shop: ShopProcess, database: pg.Pool): Promise<{ authorization: string }> {
  const email = `shopper-${randomBytes(5).toString('hex')}@example.in`;
  const signUp = await callShop(shop, '/api/auth/signup', {
    method: 'POST',
    body: JSON.stringify({ fullname: 'Asha Verma', email, password: 'kesar42chai' }),
  });
  expect(signUp.status, signUp.body).toBe(201);
  const { accessToken, user } = JSON.parse(signUp.body) as { accessToken: string; user: { _id: string } };
  await database.query('update users set email_verified_at = now() where id = $1', [user._id]);
  return { authorization: `Bearer ${accessToken}` };
}
