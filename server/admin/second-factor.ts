import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT } from '../../core/contracts/admin-session.ts';

const PERIOD_SECONDS = 30;
/** Codes from one step before or after now are taken too: phones' clocks drift. */
const WINDOW = 1;

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, issuer = '', label = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** The `otpauth://totp/…` URI an authenticator app reads (as a QR code or pasted). */
export const totpUri = (secret: string, issuer: string, email: string): string =>
  totpOf(secret, issuer, email).toString();

/**
 * The time step of a valid code, or null. A step at or before `lastStep` is refused: a code works once, so one
 * seen over a shoulder or in a log cannot be replayed.
 */
export function acceptedStep(secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, window: WINDOW, timestamp: now });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code for a moment: for tests and the command line's self-check. */
export const totpCode = (secret: string, now = Date.now()): string => totpOf(secret).generate({ timestamp: now });

/** Crockford's base32, lowercase: no i, l, o or u, so nothing typed by hand is mistaken for another symbol. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** 24 symbols of 5 bits: 120 bits, in six groups of four. */
const RECOVERY_SYMBOLS = 24;
export const RECOVERY_CODE_BITS = RECOVERY_SYMBOLS * Math.log2(RECOVERY_ALPHABET.length);

/** Ten codes like `7f3k-9q2m-x8w4-…`, each symbol drawn by randomInt (uniform: no modulo bias). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const symbols = Array.from({ length: RECOVERY_SYMBOLS }, () => RECOVERY_ALPHABET[randomInt(32)]).join('');
    return symbols.match(/.{4}/g)!.join('-');
  });
}

/** A code as typed (any case, spaces or dashes, O for 0, I or L for 1) reduced to its symbols. */
const normalised = (code: string) =>
  code
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');

const sha256 = (salt: string, code: string) =>
  createHash('sha256')
    .update(salt + normalised(code))
    .digest('base64url');

/** How a recovery code is kept: `salt$hash`, a random salt of its own and the SHA-256 of salt and code. */
export function recoveryCodeHash(code: string): string {
  const salt = randomBytes(16).toString('base64url');
  return `${salt}$${sha256(salt, code)}`;
}

/**
 * Whether `code` is the one kept as `stored`. Codes from before decision 0047 were kept as a bare SHA-256 in hex
 * (their alphabet has no o, i or l, so the reading above leaves them as they were).
 */
export function recoveryCodeMatches(stored: string, code: string): boolean {
  const [salt, hash] = stored.includes('$') ? stored.split('$') : [null, stored];
  const expected = Buffer.from(hash!);
  const actual = Buffer.from(
    salt === null ? createHash('sha256').update(normalised(code)).digest('hex') : sha256(salt!, code),
  );
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
