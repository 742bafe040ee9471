import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import type { Db } from '../db/client.ts';
import { JobQueue, type JobHandler } from './queue.ts';
import { jobs } from './schema.ts';

let shop: TestShop;
/** A second process's database where there can be one (PostgreSQL); PGlite has one connection. */
let otherDb: Db;
beforeAll(async () => {
  shop = await startTestShop();
  otherDb = process.env.TEST_DB === 'postgres' ? (await shop.openPeer()).database.db : shop.services.database.db;
});
afterAll(async () => {
  await shop?.close();
});

let kinds = 0;
/** Two queues, as two processes would have, for a kind of job no other test uses. */
function queues(handler: JobHandler) {
  const kind = `test-${kinds++}`;
  const first = new JobQueue(shop.services.database.db);
  const second = new JobQueue(otherDb);
  first.handle(kind, handler);
  second.handle(kind, handler);
  return { kind, first, second };
}

const stored = (kind: string) => shop.services.database.db.select().from(jobs).where(eq(jobs.kind, kind));

describe('the job queue', () => {
  it('runs each due job once, however many processes run the queue at the same time', async () => {
    const runs = new Map<string, number>();
    const { kind, first, second } = queues(async (job) => {
      runs.set(job.key, (runs.get(job.key) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { done: true };
    });
    for (let n = 0; n < 40; n++) await first.schedule({ kind, key: `job-${n}`, inSeconds: 0 });

    await Promise.all([first.runDue(), second.runDue(), first.runDue(), second.runDue()]);

    expect(runs.size).toBe(40);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(await stored(kind)).toEqual([]);
  });

  it('runs nothing before it is due, and moves a job when it is scheduled again', async () => {
    let ran = 0;
    const { kind, first } = queues(async () => {
      ran++;
      return { done: true };
    });
    await first.schedule({ kind, key: 'later', inSeconds: 3600 });
    expect(await first.runDue()).toBe(0);
    await first.schedule({ kind, key: 'later', inSeconds: 0 });
    expect(await first.runDue()).toBe(1);
    expect(ran).toBe(1);
  });

  it('reschedules a job that asks to run again, and backs off one that fails, keeping its error', async () => {
    const { kind, first } = queues(async (job) => {
      if (job.key === 'broken') throw new Error('gateway down');
      return { rerunInSeconds: 30 };
    });
    await first.schedule({ kind, key: 'again', inSeconds: 0 });
    await first.schedule({ kind, key: 'broken', inSeconds: 0 });
    await first.runDue();

    const rows = await stored(kind);
    const again = rows.find((row) => row.key === 'again')!;
    const broken = rows.find((row) => row.key === 'broken')!;
    expect(again).toMatchObject({ attempts: 0, lockedUntil: null, lastError: null });
    expect(again.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(broken).toMatchObject({ attempts: 1, lockedUntil: null, lastError: 'gateway down' });
    expect(broken.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(await first.runDue()).toBe(0); // neither is due now
  });

  it('stores a job added twice under one key once, and a kick runs it in the background', async () => {
    let ran = 0;
    const { kind, first } = queues(async () => {
      ran++;
      return { done: true };
    });
    await first.add({ kind, key: 'same', payload: { n: 1 } });
    await first.add({ kind, key: 'same', payload: { n: 2 } });
    const rows = await stored(kind);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toEqual({ n: 1 });

    first.kick();
    await first.settled();
    expect(ran).toBe(1);
    expect(
      await shop.services.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, kind))),
    ).toEqual([]);
  });
});
