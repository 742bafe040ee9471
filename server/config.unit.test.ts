import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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

  it('refuses to start in production without SMTP_URL and PUBLIC_URL, naming both', () => {
    const message = messageOf({ NODE_ENV: 'production' });
    expect(message).toMatch(/SMTP_URL is required when NODE_ENV=production/);
    expect(message).toMatch(/PUBLIC_URL is required when NODE_ENV=production/);
    expect(messageOf({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' })).not.toContain('SMTP_URL');
    const ready = loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://m:25', PUBLIC_URL: 'https://shop.in' });
    expect(ready.NODE_ENV).toBe('production');
    expect(loadConfig({}).NODE_ENV).toBe('development');
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
});
