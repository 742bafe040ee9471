import { and, eq, sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import { describeError } from '../platform/http/logger.ts';
import { jobs } from './schema.ts';

let shop: TestShop;
const logLines: string[] = [];
beforeAll(async () => {
  shop = await startTestShop(
    { SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    { logDestination: { write: (line: string) => void logLines.push(line) } },
  );
});
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.services.database.db;
const stored = async (kind: string, key: string) =>
  (
    await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, kind), eq(jobs.key, key)))
  )[0];
/** Makes the kind's jobs due now, as time passing would, and runs the queue. */
async function runAgainNow(kind: string): Promise<number> {
  await db()
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.kind, kind));
  return shop.services.jobs.runDue();
}
const health = async () => {
  const response = await shop.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  return response.json<{ status: string; deadJobs: number }>();
};
const logged = (text: string) =>
  logLines.filter((line) => line.includes(text)).map((line) => JSON.parse(line) as Record<string, unknown>);

describe('jobs that fail for ever', () => {
  it('ends a poison job dead after its attempts, with its error and one line in the log; it is never run again', async () => {
    let runs = 0;
    shop.services.jobs.handle(
      'test-poison',
      async () => {
        runs++;
        throw new Error('the gateway refuses this one');
      },
      { maxAttempts: 3 },
    );
    const deadBefore = (await health()).deadJobs;
    await shop.services.jobs.schedule({ kind: 'test-poison', key: 'poison-1', inSeconds: 0 });

    for (let run = 1; run <= 3; run++) {
      expect((await stored('test-poison', 'poison-1'))!.deadAt).toBeNull();
      expect(await runAgainNow('test-poison')).toBe(1);
    }
    expect(runs).toBe(3);
    const dead = (await stored('test-poison', 'poison-1'))!;
    expect(dead).toMatchObject({ attempts: 3, lockedUntil: null, lastError: 'the gateway refuses this one' });
    expect(dead.deadAt).toBeInstanceOf(Date);

    expect(await runAgainNow('test-poison')).toBe(0);
    expect(runs).toBe(3);
    expect(await health()).toMatchObject({ status: 'ok', deadJobs: deadBefore + 1 });
    const deaths = logged('poison-1').filter((line) => String(line.msg).includes('dead'));
    expect(deaths).toHaveLength(1);
    expect(deaths[0]).toMatchObject({ level: 40, reason: 'the gateway refuses this one' });
    expect(deaths[0]!.msg).toContain('test-poison');
    expect(logged('poison-1')).toHaveLength(3); // two retries, one death

    // Scheduled again (new work about the same thing), it runs again.
    await shop.services.jobs.schedule({ kind: 'test-poison', key: 'poison-1', inSeconds: 0 });
    expect(await shop.services.jobs.runDue()).toBe(1);
    expect(await health()).toMatchObject({ deadJobs: deadBefore });
  });

  it('stores and logs a failed statement and its SQLSTATE, never its parameters (an e-mail, a mail body)', async () => {
    const email = 'asha.private@example.in';
    const body = 'Reset your password: https://shop.test/reset-password/tok-secret-42';
    let raw = '';
    shop.services.jobs.handle('test-insert', async () => {
      try {
        // The job's own row: the insert fails on the primary key, its parameters an e-mail and a mail body.
        await db()
          .insert(jobs)
          .values({ kind: 'test-insert', key: 'taken', runAt: new Date(), payload: { to: email, text: body } });
      } catch (error) {
        raw = (error as Error).message;
        throw error;
      }
      return { done: true };
    });
    await shop.services.jobs.schedule({ kind: 'test-insert', key: 'taken', inSeconds: 0 });
    await shop.services.jobs.runDue();

    expect(raw).toContain(email); // what drizzle's own message would have leaked
    const { lastError } = (await stored('test-insert', 'taken'))!;
    const lines = logged('test-insert');
    expect(lines).toHaveLength(1);
    for (const text of [lastError!, JSON.stringify(lines[0])]) {
      expect(text).toContain('23505');
      expect(text).toContain('insert into');
      expect(text).toContain('jobs');
      expect(text).not.toContain(email);
      expect(text).not.toContain('tok-secret-42');
    }
    expect(lastError).toMatch(/^Database error 23505 \(jobs_kind_key_pk\) in: insert into "jobs"/);
  });

  it('describes a query that never reached the database by its statement and its cause, without parameters', () => {
    const lost = new DrizzleQueryError(
      'insert into "mail_outbox" ("to") values ($1)',
      ['asha.private@example.in'],
      new Error('Connection terminated unexpectedly'),
    );
    expect(describeError(lost)).toBe(
      'Query failed: Connection terminated unexpectedly in: insert into "mail_outbox" ("to") values ($1)',
    );
    expect(describeError(new Error('Wrapped: x\nparams: asha.private@example.in'))).toBe('Wrapped: x');
  });
});
