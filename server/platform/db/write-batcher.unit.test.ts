import { describe, expect, it } from 'vitest';
import { WriteBatcher } from './write-batcher.ts';

describe('WriteBatcher', () => {
  it('writes what is added in one turn with one call, and what comes later with the next', async () => {
    const writes: number[][] = [];
    const batcher = new WriteBatcher<number>(async (rows) => void writes.push(rows));
    await Promise.all([batcher.add(1), batcher.add(2), batcher.add(3)]);
    await batcher.add(4);
    expect(writes).toEqual([[1, 2, 3], [4]]);
  });

  it('splits a large turn into batches of at most the limit', async () => {
    const writes: number[][] = [];
    const batcher = new WriteBatcher<number>(async (rows) => void writes.push(rows), 2);
    await Promise.all([1, 2, 3, 4, 5].map((row) => batcher.add(row)));
    expect(writes).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('answers each caller only once its batch is written, and a failed write fails every caller in it', async () => {
    let release!: () => void;
    const written = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const batcher = new WriteBatcher<string>(async () => {
      calls++;
      if (calls === 1) await written;
      else throw new Error('disk full');
    });
    let firstSettled = false;
    const first = batcher.add('a').then(() => (firstSettled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(firstSettled).toBe(false);
    release();
    await first;
    const failed = await Promise.allSettled([batcher.add('b'), batcher.add('c')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
