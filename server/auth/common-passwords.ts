import { createRequire } from 'node:module';
import { HttpError } from '../platform/http/errors.ts';

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common and easy to guess. Please choose a less common one.';

let common: Set<string> | null = null;

/** zxcvbn-ts's list of the ~50,000 most common passwords, loaded on first use (it is ~400 kB). */
function commonPasswords(): Set<string> {
  if (!common) {
    const require = createRequire(import.meta.url);
    const { dictionary } = require('@zxcvbn-ts/language-common') as { dictionary: Record<string, string[]> };
    common = new Set(dictionary['passwords-common']);
  }
  return common;
}

export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.trim().toLowerCase());

/** The spec's password rules still apply; on top of them a password from the common list is refused. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new HttpError(400, COMMON_PASSWORD_MESSAGE);
}
