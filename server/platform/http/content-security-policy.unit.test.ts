import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { devMailboxRoutes } from '../../mail/routes.ts';
import type { LocalMailbox } from '../../mail/transports.ts';
import {
  apiDocsPolicy,
  GOOGLE_SIGN_IN,
  PHONEPE_PAY_PAGE_HOSTS,
  payPageOrigins,
  storefrontPolicy,
  type PolicySettings,
} from './content-security-policy.ts';

/** A deployed shop with no optional feature: no Google sign-in, no PhonePe credentials (so no prepaid). */
const plain: PolicySettings = {
  MEDIA_BASE_URL: '/media',
  PUBLIC_URL: 'http://127.0.0.1:3000',
  NODE_ENV: 'production',
  PHONEPE_ENV: 'sandbox',
  PHONEPE_CHECKOUT_SCRIPT_URL: 'https://mercury.phonepe.com/web/bundle/checkout.js',
  PORT: 3000,
  TRUST_PROXY: false,
};
const withGoogle: PolicySettings = { ...plain, GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com' };

/** A policy as directive name → its sources. */
function parse(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const googleHosts = Object.values(GOOGLE_SIGN_IN).flat();

describe('storefrontPolicy', () => {
  it("runs scripts by this response's nonce, never by 'unsafe-inline'", () => {
    const policy = parse(storefrontPolicy(withGoogle)('bm9uY2Utb25l'));
    const scriptSrc = policy.get('script-src');
    expect(scriptSrc?.slice(0, 2)).toEqual(["'nonce-bm9uY2Utb25l'", "'strict-dynamic'"]);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('puts each nonce in its own policy', () => {
    const policy = storefrontPolicy(plain);
    expect(policy('Zmlyc3Q=')).toContain("'nonce-Zmlyc3Q='");
    expect(policy('c2Vjb25k')).toContain("'nonce-c2Vjb25k'");
    expect(policy('c2Vjb25k')).not.toContain('Zmlyc3Q=');
  });

  it("allows Google sign-in's hosts only when GOOGLE_CLIENT_ID is set", () => {
    const without = storefrontPolicy(plain)('bm9uY2U=');
    for (const host of googleHosts) expect(without).not.toContain(host);
    expect(parse(without).get('frame-src')).toEqual(["'none'"]);

    const policy = parse(storefrontPolicy(withGoogle)('bm9uY2U='));
    expect(policy.get('frame-src')).toEqual(['https://accounts.google.com/gsi/']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(policy.get('style-src')).toContain('https://accounts.google.com/gsi/style');
    expect(policy.get('img-src')).toContain('https://lh3.googleusercontent.com');
  });

  it("allows PhonePe's script and PayPage only with its credentials, and the local simulator's frame otherwise", () => {
    const phonePe = parse(
      storefrontPolicy({ ...plain, PHONEPE_CLIENT_ID: 'M123', PHONEPE_ENV: 'production' })('bm9uY2U='),
    );
    expect(phonePe.get('script-src')).toContain('https://mercury.phonepe.com');
    expect(phonePe.get('frame-src')).toEqual([...PHONEPE_PAY_PAGE_HOSTS.production]);
    const sandbox = parse(storefrontPolicy({ ...plain, PHONEPE_CLIENT_ID: 'M123' })('bm9uY2U='));
    expect(sandbox.get('frame-src')).toEqual([...PHONEPE_PAY_PAGE_HOSTS.sandbox]);
    expect(sandbox.get('frame-src')).toContain('https://mercury-uat.phonepe.com');

    const simulator = parse(storefrontPolicy({ ...plain, NODE_ENV: 'development' })('bm9uY2U='));
    expect(simulator.get('frame-src')).toEqual(["'self'", 'http://127.0.0.1:3000', 'http://localhost:3000']);
    expect(storefrontPolicy(plain)('bm9uY2U=')).not.toContain('phonepe');
  });

  it('frames the pay page from PHONEPE_PAY_PAGE_ORIGINS when set: a stand-in for PhonePe, or a proxy', () => {
    const standIn = {
      ...plain,
      PHONEPE_CLIENT_ID: 'M123',
      PHONEPE_CHECKOUT_SCRIPT_URL: 'https://pay.example.in/web/checkout.js',
      PHONEPE_PAY_PAGE_ORIGINS: ['https://pay.example.in', 'https://pay2.example.in'],
    };
    const policy = parse(storefrontPolicy(standIn)('bm9uY2U='));
    expect(policy.get('frame-src')).toEqual(['https://pay.example.in', 'https://pay2.example.in']);
    expect(policy.get('script-src')).toContain('https://pay.example.in');
    expect(payPageOrigins(standIn)).toEqual(['https://pay.example.in', 'https://pay2.example.in']);
  });

  it('frames no simulator behind a proxy (TRUST_PROXY set): the simulator is off there', () => {
    const proxied = { ...plain, NODE_ENV: 'development' as const, TRUST_PROXY: true };
    expect(parse(storefrontPolicy(proxied)('bm9uY2U=')).get('frame-src')).toEqual(["'none'"]);
    expect(payPageOrigins(proxied)).toEqual([]);
    expect(payPageOrigins({ ...proxied, TRUST_PROXY: 1 })).toEqual([]);
    expect(payPageOrigins({ ...proxied, TRUST_PROXY: false })).toEqual([
      'http://127.0.0.1:3000',
      'http://localhost:3000',
    ]);
  });

  it("allows images from MEDIA_BASE_URL's origin when it is absolute", () => {
    const cdn = parse(storefrontPolicy({ ...plain, MEDIA_BASE_URL: 'https://cdn.example.in/shop/media' })('bm9uY2U='));
    expect(cdn.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.in']);
    expect(parse(storefrontPolicy(plain)('bm9uY2U=')).get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('upgrades insecure requests only when PUBLIC_URL is https', () => {
    expect(storefrontPolicy(plain)('bm9uY2U=')).not.toContain('upgrade-insecure-requests');
    expect(storefrontPolicy({ ...plain, PUBLIC_URL: 'https://shop.example.in' })('bm9uY2U=')).toMatch(
      /; upgrade-insecure-requests$/,
    );
    expect(apiDocsPolicy({ ...plain, PUBLIC_URL: 'https://shop.example.in' })).toMatch(/; upgrade-insecure-requests$/);
  });

  it("lets npm run dev reach Vite's hot-reload socket, and nothing else does", () => {
    expect(parse(storefrontPolicy(plain, { hotReload: true })('bm9uY2U=')).get('connect-src')).toEqual([
      "'self'",
      'ws:',
    ]);
    expect(parse(storefrontPolicy(plain)('bm9uY2U=')).get('connect-src')).toEqual(["'self'"]);
  });
});

describe('the development mailbox', () => {
  it('allows no script at all', async () => {
    const mailbox = { list: async () => [], get: async () => undefined } as unknown as LocalMailbox;
    const app = Fastify();
    await app.register(devMailboxRoutes, { mailbox });
    for (const url of ['/dev/mailbox', '/dev/mailbox/00000000-0000-0000-0000-000000000000']) {
      const policy = parse(String((await app.inject({ url })).headers['content-security-policy']));
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.has('script-src')).toBe(false);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    }
    await app.close();
  });
});
