import { hash, verify } from '@node-rs/argon2';

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
