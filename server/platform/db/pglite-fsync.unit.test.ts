import * as fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { openDatabase } from './client.ts';

// Counts the fsync calls that reach the operating system (the database itself is real).
vi.mock('node:fs', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs')>();
  return { ...original, fsyncSync: vi.fn(original.fsyncSync) };
});

const root = path.resolve('.cache/unit', `pglite-fsync-${randomBytes(6).toString('hex')}`);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** fsync calls made while committing one row, and what PostgreSQL reports for its fsync setting. */
async function commitOnce(pgliteFsync: boolean) {
  const database = await openDatabase({ dataDir: path.join(root, String(pgliteFsync)), pgliteFsync });
  try {
    await database.db.execute(sql`create table if not exists accepted (id serial primary key)`);
    const setting = (await database.db.execute(
      sql`select current_setting('fsync') as fsync, current_setting('shared_buffers') as "sharedBuffers"`,
    )) as unknown as { rows: Array<{ fsync: string; sharedBuffers: string }> };
    vi.mocked(fs.fsyncSync).mockClear();
    await database.db.execute(sql`insert into accepted default values`);
    const { fsync, sharedBuffers } = setting.rows[0]!;
    return { syncs: vi.mocked(fs.fsyncSync).mock.calls.length, setting: fsync, sharedBuffers };
  } finally {
    await database.close();
  }
}

describe('the embedded database and the disk', () => {
  test('with PGLITE_FSYNC on, each commit is flushed to disk before it returns', async () => {
    const { syncs, setting, sharedBuffers } = await commitOnce(true);
    expect(setting).toBe('on');
    expect(sharedBuffers).toBe('16MB'); // sized for a shop either way (decision 0069), not PostgreSQL's 128 MB
    expect(syncs).toBeGreaterThanOrEqual(1);
  }, 300_000);

  test('with PGLITE_FSYNC off, commits only reach the page cache', async () => {
    const { syncs, setting, sharedBuffers } = await commitOnce(false);
    expect(setting).toBe('off');
    expect(sharedBuffers).toBe('16MB');
    expect(syncs).toBe(0);
  }, 300_000);
});
