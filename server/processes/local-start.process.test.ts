import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startShopProcess, type ShopProcess } from '../testing/shop-process.ts';

// `npm start` with no settings at all: NODE_ENV unset, demo data, the production server.
const dataDir = path.resolve('.cache/processes', `local-${randomBytes(6).toString('hex')}`);
let shop: ShopProcess;
beforeAll(async () => {
  shop = await startShopProcess({ DATA_DIR: dataDir }, { timeoutMs: 300_000 });
}, 320_000);
afterAll(async () => {
  await shop?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('renders the storefront with one React build throughout', async () => {
  for (const page of ['/', '/shop', '/signin']) {
    const response = await fetch(`${shop.origin}${page}`);
    expect(response.status, `${page}: ${shop.output()}`).toBe(200);
    expect(await response.text()).toContain('<html lang="en-IN"');
  }
});

it('keeps the local mailbox for this machine', async () => {
  expect((await fetch(`${shop.origin}/dev/mailbox`)).status).toBe(200);
});
