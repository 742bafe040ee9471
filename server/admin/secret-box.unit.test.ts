import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SecretBox, loadSecretsKey } from './secret-box.ts';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const box = new SecretBox(randomBytes(32));
const owner = '6f1c5a57-3b5e-4c4e-9f0e-0d8e2a3b4c5d';

describe('SecretBox', () => {
  it('seals as v1:iv:tag:ciphertext in base64url, a new IV each time, and opens it again', () => {
    const sealed = box.seal(SECRET, owner);
    expect(sealed).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(box.seal(SECRET, owner)).not.toBe(sealed);
    expect(sealed).not.toContain(SECRET);
    expect(box.open(sealed, owner)).toBe(SECRET);
  });

  it('opens nothing with another key, for another admin, or changed', () => {
    const sealed = box.seal(SECRET, owner);
    expect(() => new SecretBox(randomBytes(32)).open(sealed, owner)).toThrow(/SECRETS_KEY/);
    expect(() => box.open(sealed, 'another-admin')).toThrow(/SECRETS_KEY/);
    const [version, iv, tag, ciphertext] = sealed.split(':');
    const flipped = `${ciphertext![0] === 'A' ? 'B' : 'A'}${ciphertext!.slice(1)}`;
    expect(() => box.open([version, iv, tag, flipped].join(':'), owner)).toThrow();
  });

  it('reads a secret kept before encryption as it is', () => {
    expect(box.open(SECRET, owner)).toBe(SECRET);
  });
});

describe('loadSecretsKey', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
  const dataDir = async () => {
    const dir = path.join(await mkdtemp(path.join(tmpdir(), 'secrets-key-')), 'data');
    dirs.push(path.dirname(dir));
    return dir;
  };

  it('takes SECRETS_KEY when set, and makes nothing on disk', async () => {
    const dir = await dataDir();
    const key = await loadSecretsKey('ab'.repeat(32), dir);
    expect(key.toString('hex')).toBe('ab'.repeat(32));
    await expect(stat(dir)).rejects.toThrow();
  });

  it('otherwise makes a key once in the data directory, readable by its owner only, and keeps it', async () => {
    const dir = await dataDir();
    const made = await Promise.all([loadSecretsKey(undefined, dir), loadSecretsKey(undefined, dir)]);
    expect(made[0]).toHaveLength(32);
    expect(made[1]!.equals(made[0]!)).toBe(true);
    const file = path.join(dir, 'secrets.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(made[0]!.toString('hex'));
    expect((await loadSecretsKey(undefined, dir)).equals(made[0]!)).toBe(true);
  });

  it('refuses a key file that holds no key, naming it', async () => {
    const dir = await dataDir();
    await loadSecretsKey(undefined, dir);
    await writeFile(path.join(dir, 'secrets.key'), 'not a key');
    await expect(loadSecretsKey(undefined, dir)).rejects.toThrow(/secrets\.key must hold 64 hexadecimal characters/);
  });
});
