import { request as httpRequest } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import { stockLevels } from '../stock/schema.ts';
import type { Product } from '../../core/product.ts';

const LIST = '/api/product/all-products';
/** What the connection, not the answer, decides. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive']);

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({}, { listen: true });
});
afterAll(async () => {
  await shop?.close();
});

/** An answer over the shop's real socket, as it left the server: not decompressed. */
function overSocket(headers: Record<string, string>, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${shop.url}${LIST}`, { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode!,
          headers: answerHeaders(incoming.headers),
          body: Buffer.concat(chunks),
        }),
      );
    });
    outgoing.on('error', reject).end();
  });
}

/** Fastify's own answer (app.inject never meets the server the fast path sits in). */
async function throughFastify(headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET'): Promise<RawAnswer> {
  const answer = await shop.app.inject({ method, url: LIST, headers });
  return { status: answer.statusCode, headers: answerHeaders(answer.headers), body: answer.rawPayload };
}

function answerHeaders(headers: Record<string, string | string[] | number | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name, value]) => value !== undefined && !CONNECTION_HEADERS.has(name.toLowerCase()))
      .map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
}

const listed = (answer: RawAnswer): Product[] => {
  const encoding = answer.headers['content-encoding'];
  const text =
    encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return (JSON.parse(text.toString()) as { products: Product[] }).products;
};

describe('GET /api/product/all-products, written from memory before Fastify sees it (decision 0045)', () => {
  for (const acceptEncoding of ['gzip, deflate, br', 'gzip', 'identity']) {
    it(`sends what the route sends, accept-encoding: ${acceptEncoding}`, async () => {
      // One request id for both: each answer says the id its request named (issue 33).
      const headers = { 'accept-encoding': acceptEncoding, 'x-request-id': 'list-fast-path' };
      await overSocket(headers); // loads the catalogue and makes the encoded body, as a first visitor would
      const routed = vi.spyOn(shop.services.catalog, 'listProductsAnswer');
      const fast = await overSocket(headers);
      expect(routed).not.toHaveBeenCalled();
      routed.mockRestore();
      const fastify = await throughFastify(headers);
      expect(fast.status).toBe(200);
      expect(fast.headers).toEqual(fastify.headers);
      expect(fast.body.equals(fastify.body)).toBe(true);
      expect(listed(fast).length).toBeGreaterThan(0);
    });
  }

  it('answers HEAD and a matching If-None-Match (304) as the route does', async () => {
    const id = { 'x-request-id': 'list-fast-path' };
    const head = await overSocket({ 'accept-encoding': 'br', ...id }, 'HEAD');
    expect(head.headers).toEqual((await throughFastify({ 'accept-encoding': 'br', ...id }, 'HEAD')).headers);
    expect(head.body.length).toBe(0);
    const revalidated = await overSocket({ 'if-none-match': head.headers.etag!, ...id });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers).toEqual((await throughFastify({ 'if-none-match': head.headers.etag!, ...id })).headers);
  });

  it('never answers from a catalogue a change has made stale', async () => {
    const headers = { 'accept-encoding': 'br' };
    const [target] = listed(await overSocket(headers));
    await shop.services.database.db
      .update(stockLevels)
      .set({ countInStock: sql`${stockLevels.countInStock} + 5` })
      .where(eq(stockLevels.productId, target!._id));
    await shop.services.catalog.publishChange();
    const after = listed(await overSocket(headers)).find((product) => product._id === target!._id)!;
    expect(after.countInStock).toBe(target!.countInStock + 5);
  });
});
