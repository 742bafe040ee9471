import Fastify from 'fastify';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EncodedJson, acceptedEncoding, sendEncodedJson, writeEncodedJson } from './encoded-json.ts';

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, honours q=0 and *, and answers null for none', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('GZIP')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*;q=0, identity')).toBeNull();
    expect(acceptedEncoding('deflate')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('sendEncodedJson', () => {
  const json = JSON.stringify({ items: Array.from({ length: 200 }, (_, index) => ({ index, text: 'Brass lamp' })) });
  const answer = new EncodedJson(json);
  const app = Fastify();
  app.get('/list', (request, reply) => sendEncodedJson(request, reply, answer));

  it('sends the compressed form the client accepts, made once and kept', async () => {
    const br = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(json);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.body('br')).toBe(answer.body('br'));

    const gzip = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(json);

    const plain = await app.inject({ url: '/list' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(json);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers 304 when If-None-Match names its ETag, weak or in a list', async () => {
    for (const tag of [answer.etag, `W/${answer.etag}`, `"other", ${answer.etag}`]) {
      const response = await app.inject({ url: '/list', headers: { 'if-none-match': tag } });
      expect(response.statusCode).toBe(304);
      expect(response.body).toBe('');
    }
    expect((await app.inject({ url: '/list', headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
  });
});

describe('writeEncodedJson', () => {
  const json = JSON.stringify({
    items: Array.from({ length: 200 }, (_, index) => ({ index, text: 'Gond painting ₹' })),
  });

  it('writes the uncompressed body from bytes encoded once per answer, not once per request', async () => {
    const answer = new EncodedJson(json);
    const server = createServer((request, response) => writeEncodedJson(request, response, answer, {}));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const first = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'accept-encoding': 'identity' } });
      expect(await first.text()).toBe(json);
      expect(first.headers.get('content-length')).toBe(String(Buffer.byteLength(json)));
      // The same bytes each time: the bench's catalogue API spent half its time encoding the string again.
      expect(answer.plainBody()).toBe(answer.plainBody());
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
