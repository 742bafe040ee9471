import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseInUseError, lockDataDir, lockPathOf } from './data-dir-lock.ts';

const dirs: string[] = [];
function dataDir(name = 'pglite'): string {
  const root = mkdtempSync(path.join(tmpdir(), 'shop-lock-'));
  dirs.push(root);
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A process that holds the lock's socket, then is killed with SIGKILL: its socket file stays, nobody listens. */
async function leaveStaleSocket(socketPath: string): Promise<void> {
  const script = `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => console.log('up'))`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout!.once('data', resolve));
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  expect(existsSync(socketPath)).toBe(true);
}

describe('the lock of an embedded data directory', () => {
  it('is held by one holder at a time, and taken again once released', async () => {
    const dir = dataDir();
    const release = await lockDataDir(dir);
    const refused = await lockDataDir(dir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseInUseError);
    expect((refused as Error).message).toContain(dir);
    expect((refused as Error).message).toMatch(/Stop the shop first, or use PostgreSQL \(DATABASE_URL\)/);
    await release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    await (
      await lockDataDir(dir)
    )();
  });

  it('is taken over from a holder that died: the kernel closed its socket, and the file left behind is stale', async () => {
    const dir = dataDir();
    await leaveStaleSocket(`${dir}.lock`);
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DatabaseInUseError);
    await release();
  });

  it('is the same lock for every path to the same directory', async () => {
    const dir = dataDir();
    const release = await lockDataDir(dir);
    await expect(lockDataDir(`${path.dirname(dir)}/./../${path.basename(path.dirname(dir))}/pglite/`)).rejects.toThrow(
      DatabaseInUseError,
    );
    await release();
  });

  it('lives in the temporary directory, under a hash of the path, when the path is too long for a socket', async () => {
    const dir = dataDir('d'.repeat(120));
    const socketPath = lockPathOf(dir);
    expect(path.dirname(socketPath)).toBe(tmpdir());
    expect(lockPathOf(dir)).toBe(socketPath);
    expect(lockPathOf(`${dir}x`)).not.toBe(socketPath);
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DatabaseInUseError);
    await release();
    expect(existsSync(socketPath)).toBe(false);
  });

  it('is taken by exactly one of many takers racing for a stale socket', async () => {
    const dir = dataDir();
    await leaveStaleSocket(`${dir}.lock`);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => lockDataDir(dir)));
    const held = results.filter((result) => result.status === 'fulfilled');
    expect(held).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(DatabaseInUseError);
    await (held[0] as PromiseFulfilledResult<() => Promise<void>>).value();
  });
});
