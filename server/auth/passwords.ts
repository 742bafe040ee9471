import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../platform/db/client.ts';

/** argon2id at OWASP's recommended minimum (19 MiB, 2 passes). */
// algorithm 2 is Algorithm.Argon2id, a const enum this project's TypeScript settings cannot import.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

// Checked when an e-mail is unknown, so a miss costs the same time as a wrong password.
let decoy: Promise<string> | null = null;

/** True when the password matches; with no hash (unknown user, Google-only account) it still does the work. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword('decoy password never matches');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/** A further rule some accounts' new passwords must meet (a team member's, decision 0048); throws an HttpError. */
export type NewPasswordRule = (db: Db, userId: string, password: string) => Promise<void>;

/**
 * The rules other modules add to a shopper's password change and reset (extension point `newPasswordRules`): the
 * back office adds its own length, so the shop's forms cannot give an admin a shopper-length password.
 */
export class NewPasswordRules {
  /** `rules` is read at each check: the modules' contributions, filled once they are all created. */
  constructor(private readonly rules: readonly NewPasswordRule[] = []) {}

  async check(db: Db, userId: string, password: string): Promise<void> {
    for (const rule of this.rules) await rule(db, userId, password);
  }
}
