import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { startShopProcess, type ShopProcess } from '../testing/shop-process.ts';
import { WARM_UP_DONE } from '../media/warm-up.ts';

// Decision 0039: no visitor of a fresh shop waits for an image to be encoded.
const dataDir = path.resolve('.cache/processes', `cold-images-${randomBytes(6).toString('hex')}`);
const variantsDir = path.join(dataDir, 'files/variants');
const startShop = () =>
  startShopProcess(
    { DATA_DIR: dataDir, LOG_LEVEL: 'info', PGLITE_FSYNC: 'false', IMAGE_WARM_UP: 'true' },
    { timeoutMs: 300_000 },
  );
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const variantsMade = () => (existsSync(variantsDir) ? readdirSync(variantsDir, { recursive: true }).length : 0);

async function waitFor(shop: ShopProcess, what: string, done: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (shop.child.exitCode !== null) throw new Error(`The shop exited while waiting for ${what}:\n${shop.output()}`);
    if (Date.now() > deadline) throw new Error(`No ${what} within ${timeoutMs} ms:\n${shop.output()}`);
    await pause(100);
  }
}

/** Every media URL the page's HTML links to: each <img> src and each srcset entry. */
function mediaUrlsOf(html: string): string[] {
  const urls = new Set<string>();
  for (const [, attribute] of html.matchAll(/\s(?:src|srcSet|srcset)="([^"]+)"/g)) {
    for (const entry of attribute!.split(',')) {
      const url = entry.trim().split(/\s+/)[0]!;
      if (url.startsWith('/media/')) urls.add(url);
    }
  }
  return [...urls];
}

let shop: ShopProcess | undefined;
afterEach(() => shop?.kill('SIGKILL'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('images after a fresh start', () => {
  test('a first start makes the home page variants before it listens, then warms the rest up while it answers, and SIGTERM stops that cleanly', async () => {
    shop = await startShop(); // seeds the demo catalogue, whose images have no variants yet
    expect(shop.output()).not.toContain(WARM_UP_DONE);
    // Decision 0076: the first visitor's page links only to variants already in storage.
    const urls = mediaUrlsOf(await (await fetch(`${shop.origin}/`)).text());
    expect(urls.length).toBeGreaterThanOrEqual(15);
    expect(urls.filter((url) => !existsSync(path.join(variantsDir, url.slice('/media/'.length))))).toEqual([]);
    const beforeListening = variantsMade();
    await waitFor(shop, 'variant made by the warm-up', () => variantsMade() > beforeListening, 120_000);
    const health = await fetch(`${shop.origin}/api/health`);
    expect(health.status).toBe(200);
    expect(shop.output()).not.toContain(WARM_UP_DONE); // it was answered during the warm-up
    const since = Date.now();
    expect(await shop.stop()).toBe(0);
    // Within the shutdown budget (decision 0021): the render in flight gets the jobs' bounded wait, no more.
    expect(Date.now() - since).toBeLessThan(8000);
    expect(shop.output()).toMatch(/Image warm-up stopped by the shutdown: [1-9]\d* variants made/);
  }, 400_000);

  test('once the next start has warmed up, every image the home page links to is in storage before it is asked for', async () => {
    shop = await startShop();
    await waitFor(shop, WARM_UP_DONE, () => shop!.output().includes(WARM_UP_DONE), 1_200_000);
    // The first start's variants were kept and only the rest made.
    expect(shop.output()).toMatch(new RegExp(`${WARM_UP_DONE}: [1-9]\\d* variants made, [1-9]\\d* already there`));

    const html = await (await fetch(`${shop.origin}/`)).text();
    const urls = mediaUrlsOf(html);
    expect(urls.length).toBeGreaterThanOrEqual(15); // banners, snapshots and product cards, each in several sizes
    // In storage before the request: the media route serves it as stored and encodes nothing.
    const missing = urls.filter((url) => !existsSync(path.join(variantsDir, url.slice('/media/'.length))));
    expect(missing).toEqual([]);
    for (const url of urls) {
      const response = await fetch(`${shop.origin}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toMatch(/^image\/(webp|avif)$/);
    }
  }, 1_300_000);
});
