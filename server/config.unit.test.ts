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
});
