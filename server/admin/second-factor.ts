import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const PERIOD_SECONDS = 30;
/** Codes from one step before or after now are taken too: phones' clocks drift. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

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

/** Ten codes like `7f3k-9q2m-x8w4`: easy to copy by hand, 60 bits each. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(12);
    const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** How a recovery code is kept: its SHA-256, whatever case or spaces it was typed with. */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex');
