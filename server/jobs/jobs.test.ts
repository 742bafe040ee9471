import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import type { Db } from '../platform/db/client.ts';
import { JobQueue, URGENT_PRIORITY, type JobHandler, type JobQueueOptions } from './queue.ts';
import { Poller, stopScheduledWork } from '../platform/work/poller.ts';
import { jobs } from './schema.ts';
import { runJobNow } from '../testing/payments.ts';

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
function queues(handler: JobHandler, options: JobQueueOptions = {}) {
  const kind = `test-${kinds++}`;
  const first = new JobQueue(shop.services.database.db, undefined, options);
  const second = new JobQueue(otherDb, undefined, options);
  first.handle(kind, handler);
  second.handle(kind, handler);
  return { kind, first, second };
}

const stored = (kind: string) => shop.services.database.db.select().from(jobs).where(eq(jobs.kind, kind));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A lease short enough for a test to outlast it; renewed every third of it. */
const SHORT_LEASE = { leaseSeconds: 0.6 };

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

  it('stores jobs added at the same time, repeats among them once, and runs each once', async () => {
    const ran: string[] = [];
    const { kind, first } = queues(async (job) => {
      ran.push(job.key);
      return { done: true };
    });
    const keys = Array.from({ length: 30 }, (_, n) => `burst-${n % 10}`);
    await Promise.all(keys.map((key, n) => first.add({ kind, key, payload: { n } })));
    const rows = await stored(kind);
    expect(rows.map((row) => row.key).sort()).toEqual([...new Set(keys)].sort());
    expect(rows.find((row) => row.key === 'burst-3')!.payload).toEqual({ n: 3 });

    expect(await first.runDue()).toBe(10);
    expect(ran.sort()).toEqual([...new Set(keys)].sort());
    expect(await stored(kind)).toEqual([]);
  });

  it('stops working through a backlog at shutdown with the batch in hand, not after its wait runs out', async () => {
    let ran = 0;
    const { kind, first } = queues(async () => {
      ran++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { done: true };
    });
    for (let n = 0; n < 200; n++) await first.schedule({ kind, key: `backlog-${n}`, inSeconds: 0 });
    const loop = new Poller(() => first.runDue(), { pollMs: 60_000, log: () => {}, name: 'test' });
    let mailsClaimed = true;
    loop.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const sender = { stopClaiming: () => (mailsClaimed = false), stop: async () => {} };
    await stopScheduledWork({ loop, claimers: [first, sender] }, 5000);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(ran).toBeLessThan(60);
    expect(mailsClaimed).toBe(false);
    // The batch's jobs not started are handed back: due at once, not counted as a run.
    const left = await stored(kind);
    expect(left).toHaveLength(200 - ran);
    expect(left.every((row) => row.attempts === 0 && row.lockedUntil === null)).toBe(true);
  });

  it('runs an urgent job added after a backlog of due ones in the first batch', async () => {
    const ran: string[] = [];
    const { kind, first } = queues(async (job) => {
      ran.push(job.key);
      return { done: true };
    });
    for (let n = 0; n < 50; n++) await first.schedule({ kind, key: `check-${n}`, inSeconds: 0 });
    await first.add({ kind, key: 'webhook', payload: {}, priority: URGENT_PRIORITY });
    await first.schedule({ kind, key: 'urgent-check', inSeconds: 0, priority: URGENT_PRIORITY });

    expect(await first.runDue()).toBe(52);
    expect(ran.indexOf('webhook')).toBeLessThan(20); // a batch is 20
    expect(ran.indexOf('urgent-check')).toBeLessThan(20);
  });

  it('runs an urgent job while this process holds a batch of slow ones, at a kick or the next poll (issue 33)', async () => {
    let release!: () => void;
    const slowHeld = new Promise<void>((resolve) => (release = resolve));
    const ran: string[] = [];
    const { kind, first } = queues(async (job) => {
      if (job.key.startsWith('slow')) await slowHeld; // a gateway that does not answer yet
      ran.push(job.key);
      return { done: true };
    });
    for (let n = 0; n < 30; n++) await first.schedule({ kind, key: `slow-${n}`, inSeconds: 0 });
    const polled = first.poll(); // the rest's lane claims a batch of slow jobs and waits on the first
    await expect.poll(async () => (await stored(kind)).filter((job) => job.lockedUntil !== null).length).toBe(20);
    await polled; // the loop's round does not wait for them

    await first.add({ kind, key: 'webhook', payload: {}, priority: URGENT_PRIORITY });
    first.kick();
    await expect.poll(() => ran).toEqual(['webhook']);
    await first.schedule({ kind, key: 'urgent-check', inSeconds: 0, priority: URGENT_PRIORITY });
    await first.poll();
    expect(ran).toEqual(['webhook', 'urgent-check']);

    release();
    await first.settled();
    expect(ran).toHaveLength(32);
    expect(await stored(kind)).toEqual([]);
  });

  it('keeps the claim of a job that runs longer than its lease: no other process runs it meanwhile', async () => {
    let runs = 0;
    const { kind, first, second } = queues(async () => {
      runs++;
      await pause(2000);
      return { done: true };
    }, SHORT_LEASE);
    await first.schedule({ kind, key: 'slow', inSeconds: 0 });
    const running = first.runDue();
    await expect.poll(() => runs).toBe(1);
    for (let tries = 0; tries < 8; tries++) {
      expect(await second.runDue()).toBe(0);
      await pause(150);
    }
    expect(await running).toBe(1);
    expect(runs).toBe(1);
    expect(await stored(kind)).toEqual([]);
  });

  it('runs a job claimed by a process that died again once its short lease runs out', async () => {
    let runs = 0;
    const { kind, first, second } = queues(async () => {
      if (runs++ === 0) await new Promise(() => {}); // the first run never ends: its process died
      return { done: true };
    }, SHORT_LEASE);
    await first.schedule({ kind, key: 'orphan', inSeconds: 0 });
    void first.runDue();
    await expect.poll(() => runs).toBe(1);
    await pause(1000); // renewed meanwhile
    expect(await second.runDue()).toBe(0);
    await first.stop(0); // renews nothing more, as a dead process

    expect(await second.runDue()).toBe(0); // its lease has not run out yet
    await pause(SHORT_LEASE.leaseSeconds * 1000 + 200);
    expect(await second.runDue()).toBe(1);
    expect(runs).toBe(2);
    expect(await stored(kind)).toEqual([]);
  });

  it("a test's runJobNow returns only after a run kicked meanwhile (a late webhook's, say) has finished the job", async () => {
    const kind = `test-${kinds++}`;
    let running = 0;
    let release!: () => void;
    const firstRunHeld = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    shop.services.jobs.handle(kind, async () => {
      running++;
      if (calls++ === 0) await firstRunHeld;
      running--;
      return { done: true };
    });
    await shop.services.jobs.schedule({ kind, key: 'raced', inSeconds: 0 });
    shop.services.jobs.kick();
    while (running === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    setTimeout(release, 300);

    await runJobNow(shop, kind, 'raced');

    expect(running).toBe(0);
  });
});
