// The storefront's page cache (issue 23, decision 0038) in a shop as an operator starts it (PGlite, demo data):
// anonymous pages answered from memory, each response with a nonce of its own in the page and in its policy, gzip
// made once, ETag and 304, and a Host header that never reaches another visitor's page.
import { randomBytes } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { firstProductPath, startShopProcess, type ShopProcess } from '../testing/shop-process.ts';

const dataDir = path.resolve('.cache/processes', `page-cache-${randomBytes(6).toString('hex')}`);
let shop: ShopProcess;
let productPath: string;

beforeAll(async () => {
  shop = await startShopProcess({ DATA_DIR: dataDir });
  productPath = await firstProductPath(shop.origin);
});
afterAll(async () => {
  await shop?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (route: string, headers: Record<string, string> = {}) =>
  fetch(`${shop.origin}${route}`, { headers: { 'accept-encoding': 'identity', ...headers } });

/** A response's headers and its bytes as sent, undecoded. */
function rawGet(route: string, headers: Record<string, string>) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    request(`${shop.origin}${route}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

/** The nonce the policy allows, and every nonce the page's elements carry. */
async function noncesOf(response: Response) {
  const policy = response.headers.get('content-security-policy') ?? '';
  const allowed = /'nonce-([^']+)'/.exec(policy)?.[1];
  const html = await response.text();
  const carried = new Set([...html.matchAll(/ nonce="([^"]+)"/g)].map((match) => match[1]));
  return { allowed, carried, html };
}

describe('the page cache', () => {
  test('answers a page from memory with a fresh nonce each time, which every script of the page carries', async () => {
    for (const route of ['/', '/shop', productPath, '/privacy-policy']) {
      const first = await get(route);
      const second = await get(route);
      expect(second.headers.get('x-page-cache'), route).toBe('hit');
      const [a, b] = [await noncesOf(first), await noncesOf(second)];
      expect(a.allowed, route).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(b.allowed).not.toBe(a.allowed);
      expect([...a.carried]).toEqual([a.allowed]);
      expect([...b.carried]).toEqual([b.allowed]);
      expect(b.html.replaceAll(b.allowed!, 'N')).toBe(a.html.replaceAll(a.allowed!, 'N'));
    }
  });

  test('sends the gzip made once, with this response’s nonce in it', async () => {
    const { headers, body } = await rawGet(productPath, { 'accept-encoding': 'gzip, deflate, br' });
    expect(headers['content-encoding']).toBe('gzip');
    const nonce = /'nonce-([^']+)'/.exec(String(headers['content-security-policy']))![1]!;
    const html = gunzipSync(body).toString();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html.replaceAll(nonce, 'N')).toBe(
      (await noncesOf(await get(productPath))).html.replace(/nonce="[^"]+"/g, 'nonce="N"'),
    );
    expect(body.length).toBeLessThan(html.length / 3);
  });

  test('answers 304 to a browser holding the page, without a policy that would not match its copy', async () => {
    const page = await get(productPath);
    const etag = page.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const again = await get(productPath, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBeNull();
    expect(await again.text()).toBe('');
    expect((await get(productPath, { 'if-none-match': 'W/"other"' })).status).toBe(200);
  });

  test('renders kept pages from the shop’s own address, whatever Host a request names', async () => {
    const route = '/about-us';
    const poisoned = await fetch(`${shop.origin}${route}`, { headers: { host: 'evil.example' } });
    expect(poisoned.status).toBe(200);
    const html = await (await get(route)).text();
    expect(html).not.toContain('evil.example');
  });

  test('answers from memory with the status and headers the storefront route sent on the miss', async () => {
    const route = '/return-policy';
    const comparable = (response: Response) => {
      const headers = Object.fromEntries(response.headers);
      const { date: _date, 'x-page-cache': cache, ...rest } = headers;
      rest['content-security-policy'] = rest['content-security-policy']!.replace(/'nonce-[^']+'/, "'nonce-N'");
      // Each request's own id, like its nonce (issue 33).
      expect(rest['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      rest['x-request-id'] = 'ID';
      return { status: response.status, cache, headers: rest };
    };
    const miss = comparable(await get(route));
    const hit = comparable(await get(route));
    expect([miss.cache, hit.cache]).toEqual(['miss', 'hit']);
    expect(hit.headers).toEqual(miss.headers);
    expect(hit.status).toBe(200);
    const head = await fetch(`${shop.origin}${route}`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.headers.get('x-page-cache')).toBe('hit');
    expect(head.headers.get('content-length')).toBe(miss.headers['content-length']);
    expect(await head.text()).toBe('');
  });

  test('never keeps nor answers a target that names another origin', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
        request(shop.origin, { path: '//evil.example/' }, (response) => resolve(response.resume().headers))
          .on('error', reject)
          .end();
      });
      expect(answer['x-page-cache']).toBeUndefined();
    }
  });

  test('leaves pages that depend on the visitor alone', async () => {
    for (const route of ['/cart', '/checkout', '/profile', '/admin/sign-in']) {
      expect((await get(route)).headers.get('x-page-cache'), route).toBeNull();
    }
  });
});
