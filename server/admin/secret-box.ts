import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** `SECRETS_KEY`: 32 bytes as 64 hex characters (`openssl rand -hex 32`). */
export const SECRETS_KEY_PATTERN = /^[0-9a-fA-F]{64}$/;
/** Where a shop outside production keeps the key it made itself. */
export const SECRETS_KEY_FILE = 'secrets.key';
const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * Authenticator secrets at rest (decision 0047): AES-256-GCM under `SECRETS_KEY`, written
 * `v1:<iv>:<tag>:<ciphertext>` in base64url. The row's owner is the additional data, so a ciphertext copied onto
 * another admin's row does not decrypt. A value without the version is a secret kept before encryption: read as is.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes');
  }

  seal(plaintext: string, owner: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(owner));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join(':');
  }

  open(stored: string, owner: string): string {
    if (!isSealed(stored)) return stored;
    const [, iv, tag, ciphertext] = stored.split(':').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv!).setAAD(Buffer.from(owner)).setAuthTag(tag!);
    try {
      return Buffer.concat([decipher.update(ciphertext!), decipher.final()]).toString('utf8');
    } catch {
      throw new Error('An authenticator secret does not decrypt: SECRETS_KEY is not the key it was sealed with');
    }
  }
}

export const isSealed = (stored: string): boolean => stored.startsWith(`${VERSION}:`);

/**
 * The configured key; without one (never in production: the configuration refuses to start), the key in
 * `$DATA_DIR/secrets.key`, made once with mode 0600. Every process sharing a database needs the same key.
 */
export async function loadSecretsKey(configured: string | undefined, dataDir: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'hex');
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  const text = (await readKeyFile(file)) ?? (await makeKeyFile(dataDir, file));
  if (!SECRETS_KEY_PATTERN.test(text)) throw new Error(`${file} must hold 64 hexadecimal characters (SECRETS_KEY)`);
  return Buffer.from(text, 'hex');
}

const readKeyFile = (file: string): Promise<string | null> =>
  readFile(file, 'utf8').then(
    (text) => text.trim(),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    },
  );

/** Written aside, then linked into place: of two processes starting together, one key wins and both read it whole. */
async function makeKeyFile(dataDir: string, file: string): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  try {
    await link(draft, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(draft, { force: true });
  }
  return (await readKeyFile(file)) ?? '';
}
