import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../testing/harness.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let shop: TestShop;
const logLines: string[] = [];
beforeAll(async () => {
  shop = await startTestShop(
    { SEED_DEMO: 'false', LOG_LEVEL: 'info' },
    { listen: true, logDestination: { write: (line: string) => void logLines.push(line) } },
  );
});
afterAll(async () => {
  await shop?.close();
});

const idOf = async (path: string, sent?: string, init: RequestInit = {}) => {
  const answer = await fetch(shop.url + path, {
    ...init,
    headers: { ...init.headers, ...(sent ? { 'x-request-id': sent } : {}) },
  });
  await answer.arrayBuffer();
  return answer.headers.get('x-request-id');
};

describe('request ids (issue 33)', () => {
  it("keeps a sent X-Request-Id of 1 to 128 letters, digits and . _ : -, on Fastify's answers and the fast paths'", async () => {
    const sent = 'nginx-4f2a.b_c:9';
    expect(await idOf('/api/health/live', sent)).toBe(sent);
    expect(await idOf('/api/product/all-products', sent)).toBe(sent);
    expect(await idOf('/api/nothing-here', 'x'.repeat(128))).toBe('x'.repeat(128));
  });

  it('answers a new UUID for none, an empty one, one too long or one with other characters', async () => {
    for (const sent of [undefined, 'x'.repeat(129), 'two words', 'id/with/slashes', 'ré']) {
      expect(await idOf('/api/health/live', sent), String(sent)).toMatch(UUID);
    }
    const [first, second] = [await idOf('/api/health/live'), await idOf('/api/health/live')];
    expect(first).not.toBe(second);
  });

  it("puts the id in the request's log line as reqId", async () => {
    const sent = `trace-${Date.now()}`;
    await idOf('/api/auth/forgot-password', sent, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.in' }),
    });
    const lines = logLines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    expect(lines.filter((line) => line.reqId === sent).length).toBeGreaterThan(0);
  });
});
