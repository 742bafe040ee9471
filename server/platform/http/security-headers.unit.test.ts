import http from 'node:http';
import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { API_POLICY } from './content-security-policy.ts';
import { helmetHeaders, useSecurityHeaders } from './security-headers.ts';

const API_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: API_POLICY },
  crossOriginEmbedderPolicy: false,
} as const;

/** What helmet itself puts on a real response. */
function headersFromHelmet(): Record<string, string | number | string[] | undefined> {
  const response = new http.ServerResponse(new http.IncomingMessage(null as never));
  helmet(API_OPTIONS)({} as never, response as never, () => {});
  return response.getHeaders();
}

describe('security headers', () => {
  it('are the ones helmet sets on a response', () => {
    expect(helmetHeaders(API_OPTIONS)).toEqual(headersFromHelmet());
  });

  it('go on every API answer, and a route may replace one', async () => {
    const app = Fastify({ logger: false });
    useSecurityHeaders(app, API_OPTIONS);
    app.get('/api/thing', async () => ({ ok: true }));
    app.get('/page', async (_request, reply) =>
      reply.header('content-security-policy', "default-src 'self'").send('hi'),
    );
    // As the storefront does, so that its policy holds whoever answers.
    app.get('/raw', async (_request, reply) => {
      reply.raw.setHeader('content-security-policy', "script-src 'nonce-abc'");
      return reply.send('hi');
    });
    const api = await app.inject({ url: '/api/thing' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(api.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(api.headers['referrer-policy']).toBe('no-referrer');
    expect(api.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(api.headers['cross-origin-embedder-policy']).toBeUndefined();
    const page = await app.inject({ url: '/page' });
    expect(page.headers['content-security-policy']).toBe("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const raw = await app.inject({ url: '/raw' });
    expect(raw.headers['content-security-policy']).toBe("script-src 'nonce-abc'");
    expect(raw.headers['x-frame-options']).toBe('SAMEORIGIN');
    await app.close();
  });
});
