import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir, lockPathOf } from './data-dir-lock.ts';
import { dumpFromHolder, servingDumps } from './dump-socket.ts';

const dirs: string[] = [];
function dataDir(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'shop-dump-'));
  dirs.push(root);
  const dir = path.join(root, 'pglite');
  mkdirSync(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the dump request on the lock socket (decision 0067)', () => {
  it("streams the holder's dump, all of it, when asked", async () => {
    const dir = dataDir();
    const tar = 'x'.repeat(3_000_000); // more than one socket read
    const unlock = await lockDataDir(
      dir,
      servingDumps(async () => new Blob([tar])),
    );
    try {
      const stream = await dumpFromHolder(dir);
      expect(stream).not.toBeNull();
      expect(await text(stream!)).toBe(tar);
    } finally {
      await unlock();
    }
  });

  it("rejects with the holder's reason when it cannot dump", async () => {
    const dir = dataDir();
    const unlock = await lockDataDir(
      dir,
      servingDumps(() => Promise.reject(new Error('the shop is still starting'))),
    );
    try {
      await expect(dumpFromHolder(dir)).rejects.toThrow(
        'The running shop could not write the backup: the shop is still starting',
      );
    } finally {
      await unlock();
    }
  });

  it('answers null when nobody holds the data directory', async () => {
    expect(await dumpFromHolder(dataDir())).toBeNull();
  });

  it('answers anything but the request with an error, and dumps nothing', async () => {
    const dir = dataDir();
    let dumps = 0;
    const unlock = await lockDataDir(
      dir,
      servingDumps(async () => {
        dumps++;
        return new Blob(['secret']);
      }),
    );
    try {
      const socket = connect(lockPathOf(dir));
      socket.end('give me everything\n');
      expect(await text(socket)).toBe('error unknown request\n');
      expect(dumps).toBe(0);
    } finally {
      await unlock();
    }
  });
});
