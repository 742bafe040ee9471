import { describe, expect, it } from 'vitest';
import { ConfigError } from './platform/kernel/setting-types.ts';
import { loadConfig } from './root/modules.ts';
import { drainMsOf, servesLocalConveniences } from './platform/settings.ts';

const SECRETS_KEY = 'a1'.repeat(32);

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      SEED_DEMO: true,
      FREE_SHIPPING_ABOVE_RUPEES: 500,
      SHIPPING_FEE_RUPEES: 60,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad value with its reason', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db', SHOP_EMAIL: 'nope', SEED_DEMO: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT="eighty"');
    expect(message).toContain('DATABASE_URL="mysql://db": must be a postgres:// connection URL');
    expect(message).toContain('SHOP_EMAIL="nope": must be an e-mail address');
    expect(message).toContain('SEED_DEMO="maybe"');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  const messageOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('expected a ConfigError');
  };

  it('refuses to start in production without SMTP_URL, PUBLIC_URL and SECRETS_KEY, naming each', () => {
    const message = messageOf({ NODE_ENV: 'production' });
    expect(message).toMatch(/SMTP_URL is required when NODE_ENV=production/);
    expect(message).toMatch(/PUBLIC_URL is required when NODE_ENV=production/);
    expect(message).toMatch(/SECRETS_KEY is required when NODE_ENV=production \(it encrypts/);
    expect(messageOf({ NODE_ENV: 'production', SMTP_URL: 'smtp://m:25', PUBLIC_URL: 'https://shop.in' })).toMatch(
      /^Invalid configuration:\n {2}SECRETS_KEY is required/,
    );
    expect(messageOf({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' })).not.toContain('SMTP_URL');
    const ready = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://m:25',
      PUBLIC_URL: 'https://shop.in',
      SECRETS_KEY,
    });
    expect(ready.NODE_ENV).toBe('production');
    expect(loadConfig({}).NODE_ENV).toBe('development');
  });

  it('takes SECRETS_KEY as 64 hex characters only, and never prints it', () => {
    expect(loadConfig({ SECRETS_KEY }).SECRETS_KEY).toBe(SECRETS_KEY);
    expect(loadConfig({}).SECRETS_KEY).toBeUndefined();
    const short = 'b2'.repeat(20);
    const message = messageOf({ SECRETS_KEY: short });
    expect(message).toContain('SECRETS_KEY=(hidden): must be 64 hexadecimal characters');
    expect(message).not.toContain(short);
    expect(messageOf({ SECRETS_KEY: 'z'.repeat(64) })).toContain('SECRETS_KEY=(hidden)');
  });

  it('refuses TRUST_PROXY=true in production, naming it; a hop count or proxy addresses are taken (decision 0050)', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://m:25', PUBLIC_URL: 'https://shop.in', SECRETS_KEY };
    expect(messageOf({ ...production, TRUST_PROXY: 'true' })).toMatch(
      /TRUST_PROXY=true is refused when NODE_ENV=production \(every client could forge X-Forwarded-For.*number of proxies/,
    );
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ ...production, TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.0.0.2',
    ]);
    expect(loadConfig({ ...production, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    // A local shop may still believe any proxy.
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
  });

  it('drains 2 s after SIGTERM behind a proxy and not at all without one, always within the shutdown timeout', () => {
    expect(loadConfig({})).toMatchObject({ WORKER_MODE: 'both', SHUTDOWN_TIMEOUT_MS: 8000 });
    expect(drainMsOf(loadConfig({}))).toBe(0);
    expect(drainMsOf(loadConfig({ TRUST_PROXY: '1' }))).toBe(2000);
    expect(drainMsOf(loadConfig({ TRUST_PROXY: '1', SHUTDOWN_DRAIN_MS: '500' }))).toBe(500);
    expect(messageOf({ SHUTDOWN_DRAIN_MS: '8000' })).toContain(
      'SHUTDOWN_DRAIN_MS=8000 must be below SHUTDOWN_TIMEOUT_MS=8000',
    );
    expect(messageOf({ TRUST_PROXY: '1', SHUTDOWN_TIMEOUT_MS: '1500' })).toContain(
      'SHUTDOWN_DRAIN_MS=2000 must be below SHUTDOWN_TIMEOUT_MS=1500',
    );
    expect(messageOf({ WORKER_MODE: 'web' })).toContain('WORKER_MODE="web"');
  });

  it('never prints the value of a secret', () => {
    const message = messageOf({
      AUTH_SECRET: 'short-secret-value',
      DATABASE_URL: 'postgres://shop:db-password-123@db host/shop',
      SMTP_URL: 'smtp://mailer:smtp-password-456@mail.example.in:2525 ',
      REDIS_URL: 'http://:redis-password-789@cache:6379',
      PORT: 'eighty',
    });
    for (const secret of ['short-secret-value', 'db-password-123', 'smtp-password-456', 'redis-password-789']) {
      expect(message).not.toContain(secret);
    }
    expect(message).toContain('AUTH_SECRET=(hidden): must be at least 32 characters');
    expect(message).toContain('REDIS_URL="http://:***@cache:6379/": must be a redis:// or rediss:// URL');
    expect(message).toContain('PORT="eighty"');
  });

  describe('a deployed shop and its gateway (decision 0022)', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://m:25', PUBLIC_URL: 'https://shop.in', SECRETS_KEY };
    const phonePe = {
      PHONEPE_CLIENT_ID: 'M123',
      PHONEPE_CLIENT_SECRET: 'client-secret',
      PHONEPE_WEBHOOK_USERNAME: 'shop_hook',
      PHONEPE_WEBHOOK_PASSWORD: 'a-long-webhook-pw1',
    };

    it("takes PhonePe's production by default in production, and its sandbox elsewhere", () => {
      expect(loadConfig(production).PHONEPE_ENV).toBe('production');
      expect(loadConfig({ ...production, ...phonePe }).PHONEPE_ENV).toBe('production');
      expect(loadConfig({}).PHONEPE_ENV).toBe('sandbox');
      expect(loadConfig({ PHONEPE_ENV: 'production' }).PHONEPE_ENV).toBe('production');
    });

    it('refuses PHONEPE_ENV=sandbox unless PHONEPE_ALLOW_SANDBOX=true', () => {
      expect(messageOf({ ...production, PHONEPE_ENV: 'sandbox' })).toMatch(
        /PHONEPE_ENV=sandbox is refused when NODE_ENV=production.*PHONEPE_ALLOW_SANDBOX=true/,
      );
      const allowed = loadConfig({ ...production, ...phonePe, PHONEPE_ENV: 'sandbox', PHONEPE_ALLOW_SANDBOX: 'true' });
      expect(allowed).toMatchObject({ PHONEPE_ENV: 'sandbox', PHONEPE_ALLOW_SANDBOX: true });
      expect(loadConfig({ PHONEPE_ENV: 'sandbox' }).PHONEPE_ALLOW_SANDBOX).toBe(false);
    });

    it('refuses every http:// gateway address, naming each', () => {
      const message = messageOf({
        ...production,
        ...phonePe,
        PHONEPE_AUTH_URL: 'http://pay.example.in/auth',
        PHONEPE_API_URL: 'HTTP://pay.example.in/api',
        PHONEPE_CHECKOUT_SCRIPT_URL: 'http://pay.example.in/checkout.js',
        PHONEPE_PAY_PAGE_ORIGINS: 'https://pay.example.in, http://pay2.example.in',
      });
      for (const key of [
        'PHONEPE_AUTH_URL',
        'PHONEPE_API_URL',
        'PHONEPE_CHECKOUT_SCRIPT_URL',
        'PHONEPE_PAY_PAGE_ORIGINS',
      ])
        expect(message).toMatch(new RegExp(`${key}=".*" must use https:// when NODE_ENV=production`));
      const https = {
        PHONEPE_AUTH_URL: 'https://pay.example.in/auth',
        PHONEPE_PAY_PAGE_ORIGINS: 'https://pay.example.in',
      };
      expect(loadConfig({ ...production, ...phonePe, ...https }).PHONEPE_PAY_PAGE_ORIGINS).toEqual([
        'https://pay.example.in',
      ]);
      // Outside production a stand-in on this machine may speak plain http.
      expect(loadConfig({ ...phonePe, PHONEPE_API_URL: 'http://127.0.0.1:9000/pg' }).PHONEPE_API_URL).toBe(
        'http://127.0.0.1:9000/pg',
      );
    });

    it('refuses a webhook password under 16 characters, without showing it; 8 to 20 elsewhere', () => {
      const message = messageOf({ ...production, ...phonePe, PHONEPE_WEBHOOK_PASSWORD: 'short4pass' });
      expect(message).toContain('PHONEPE_WEBHOOK_PASSWORD must be 16 to 20 characters when NODE_ENV=production');
      expect(message).not.toContain('short4pass');
      expect(loadConfig({ ...phonePe, PHONEPE_WEBHOOK_PASSWORD: 'short4pass' }).PHONEPE_WEBHOOK_PASSWORD).toBe(
        'short4pass',
      );
      expect(messageOf({ ...phonePe, PHONEPE_WEBHOOK_PASSWORD: 'short' })).toContain(
        'PHONEPE_WEBHOOK_PASSWORD=(hidden): must be 8 to 20 characters',
      );
      expect(loadConfig({ ...production, ...phonePe }).PHONEPE_WEBHOOK_PASSWORD).toHaveLength(18);
    });

    it('names every problem at once', () => {
      const message = messageOf({
        ...production,
        PHONEPE_ENV: 'sandbox',
        PHONEPE_API_URL: 'http://pay.example.in',
        S3_PUBLIC_URL: 'http://media.example.in',
      });
      expect(message).toContain('PHONEPE_ENV=sandbox');
      expect(message).toContain('PHONEPE_API_URL="http://pay.example.in"');
      expect(message).toContain('S3_PUBLIC_URL');
    });
  });

  it('reads PHONEPE_PAY_PAGE_ORIGINS as a list of origins and refuses anything else', () => {
    expect(loadConfig({ PHONEPE_PAY_PAGE_ORIGINS: ' https://a.example.in , http://127.0.0.1:9000/ ' })).toMatchObject({
      PHONEPE_PAY_PAGE_ORIGINS: ['https://a.example.in', 'http://127.0.0.1:9000'],
    });
    expect(loadConfig({}).PHONEPE_PAY_PAGE_ORIGINS).toBeUndefined();
    for (const bad of ['https://a.example.in/pay', 'ftp://a.example.in', 'a.example.in', ',', 'https://a.in?x=1']) {
      expect(messageOf({ PHONEPE_PAY_PAGE_ORIGINS: bad })).toContain(
        `PHONEPE_PAY_PAGE_ORIGINS=${JSON.stringify(bad)}: must be http(s) origins separated by commas`,
      );
    }
  });

  describe('S3-compatible storage (decision 0032)', () => {
    const bucket = {
      S3_BUCKET: 'shop-files',
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'bucket-secret-789',
    };

    it('needs a region and both keys with a bucket, naming each that is missing', () => {
      const message = messageOf({ S3_BUCKET: 'shop-files' });
      for (const key of ['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
        expect(message).toContain(`${key} is required with S3_BUCKET`);
      }
      expect(messageOf({ ...bucket, S3_REGION: '' })).not.toContain('S3_ACCESS_KEY_ID');
      expect(loadConfig(bucket)).toMatchObject({ ...bucket, S3_FORCE_PATH_STYLE: false });
      expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    });

    it('refuses bucket settings without a bucket: the files would quietly stay on local disk', () => {
      expect(messageOf({ S3_REGION: 'ap-south-1', S3_ENDPOINT: 'http://minio:9000' })).toMatch(
        /S3_REGION is set without S3_BUCKET[\s\S]*S3_ENDPOINT is set without S3_BUCKET/,
      );
    });

    it('checks the bucket name and the URLs, and never shows the secret key', () => {
      const message = messageOf({ ...bucket, S3_BUCKET: 'Shop_Files', S3_ENDPOINT: 'minio:9000' });
      expect(message).toContain('S3_BUCKET="Shop_Files": must be a bucket name');
      expect(message).toContain('S3_ENDPOINT="minio:9000": must be an http(s) URL');
      expect(message).not.toContain('bucket-secret-789');
    });

    it('wants an https S3_PUBLIC_URL in production, and allows a plain-http endpoint on a private network', () => {
      const production = {
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://m:25',
        PUBLIC_URL: 'https://shop.in',
        SECRETS_KEY,
        ...bucket,
      };
      expect(messageOf({ ...production, S3_PUBLIC_URL: 'http://files.shop.in' })).toContain(
        'S3_PUBLIC_URL="http://files.shop.in" must use https:// when NODE_ENV=production',
      );
      const config = loadConfig({
        ...production,
        S3_ENDPOINT: 'http://minio:9000',
        S3_PUBLIC_URL: 'https://files.shop.in',
      });
      expect(config.S3_ENDPOINT).toBe('http://minio:9000');
      expect(loadConfig({ ...bucket, S3_PUBLIC_URL: 'http://127.0.0.1:9000/shop-files' }).S3_PUBLIC_URL).toBeDefined();
    });
  });

  it('serves the local conveniences only on a local shop with no proxy in front', () => {
    expect(servesLocalConveniences(loadConfig({}))).toBe(true);
    for (const TRUST_PROXY of ['true', '1', '10.0.0.1'])
      expect(servesLocalConveniences(loadConfig({ TRUST_PROXY })), TRUST_PROXY).toBe(false);
    expect(servesLocalConveniences(loadConfig({ TRUST_PROXY: 'false' }))).toBe(true);
    expect(
      servesLocalConveniences(
        loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://m:25', PUBLIC_URL: 'https://shop.in', SECRETS_KEY }),
      ),
    ).toBe(false);
  });
});
