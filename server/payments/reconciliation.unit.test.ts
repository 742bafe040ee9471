import { describe, expect, it } from 'vitest';
import { nextCheckSeconds } from './reconciliation.ts';
import { webhookAuthorized } from './webhook.ts';
import { createHash } from 'node:crypto';

describe("reconciliation follows PhonePe's status-check schedule", () => {
  it.each([
    [0, 20],
    [5, 15],
    [20, 3],
    [49, 3],
    [50, 6],
    [109, 6],
    [110, 10],
    [169, 10],
    [170, 30],
    [229, 30],
    [230, 60],
    [1000, 60],
  ])('an attempt %i s old is checked again in %i s', (elapsed, next) => {
    expect(nextCheckSeconds(elapsed)).toBe(next);
  });
});

describe('webhook authorisation', () => {
  const credentials = { username: 'shopuser', password: 'hook2secret' };
  const signed = createHash('sha256').update('shopuser:hook2secret').digest('hex');

  it('accepts the SHA-256 of username:password, as PhonePe sends it', () => {
    expect(webhookAuthorized(signed, credentials)).toBe(true);
    expect(webhookAuthorized(signed.toUpperCase(), credentials)).toBe(true);
  });

  it('refuses a missing, forged or differently salted header', () => {
    expect(webhookAuthorized(undefined, credentials)).toBe(false);
    expect(webhookAuthorized('', credentials)).toBe(false);
    expect(webhookAuthorized(createHash('sha256').update('shopuser:guess').digest('hex'), credentials)).toBe(false);
    expect(webhookAuthorized(`${signed}0`, credentials)).toBe(false);
  });
});
