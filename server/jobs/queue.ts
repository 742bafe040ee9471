import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from './schema.ts';
import { atMost } from './poller.ts';

export interface Job {
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  /** 1 on the first run; counts runs that failed since the last success. */
  attempts: number;
}

/** What a handler says after a run: done (the job is deleted), or run again after some seconds. */
export type JobOutcome = { done: true } | { rerunInSeconds: number };
export type JobHandler = (job: Job) => Promise<JobOutcome>;

const LEASE_SECONDS = 120;
const MAX_RETRY_SECONDS = 600;
const MAX_ERROR_LENGTH = 1000;
const BATCH = 20;
const RUN_CONCURRENCY = 4;

type ClaimedJob = typeof jobs.$inferSelect;

/** The run count fences a claim: a process whose lease ran out, and whose job was claimed again, changes nothing. */
const stillOurs = (job: ClaimedJob) =>
  and(eq(jobs.kind, job.kind), eq(jobs.key, job.key), eq(jobs.attempts, job.attempts));

/**
 * Scheduled work in the database (decision 0019): every process may run the queue, and a job is run by one process
 * at a time: claiming takes a lease with FOR UPDATE SKIP LOCKED. A job is one row per kind and key, so scheduling
 * it again moves it instead of adding a second.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private kicked: Promise<void> | null = null;
  private kickedAgain = false;
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly log: (message: string, error?: unknown) => void = () => {},
  ) {}

  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Runs the job `inSeconds` from now (the database's clock); pass a transaction to schedule with a change. */
  async schedule(
    job: { kind: string; key: string; inSeconds: number; payload?: Record<string, unknown> },
    db: Db = this.db,
  ): Promise<void> {
    const runAt = sql`now() + make_interval(secs => ${job.inSeconds})`;
    await db
      .insert(jobs)
      .values({ kind: job.kind, key: job.key, runAt, payload: job.payload ?? {} })
      .onConflictDoUpdate({ target: [jobs.kind, jobs.key], set: { runAt, lockedUntil: null, attempts: 0 } });
  }

  /**
   * Adds a job due now unless one with its kind and key is waiting already (a repeated delivery, say): one
   * prepared statement, for hot paths such as webhooks. Run it soon with kick().
   */
  async add(job: { kind: string; key: string; payload: Record<string, unknown> }): Promise<void> {
    await this.db
      .insert(jobs)
      .values({
        kind: sql.placeholder('kind'),
        key: sql.placeholder('key'),
        runAt: sql`now()`,
        payload: sql.placeholder('payload'),
      })
      .onConflictDoNothing()
      .prepare('add-job')
      .execute({ kind: job.kind, key: job.key, payload: JSON.stringify(job.payload) });
  }

  /**
   * Runs the due jobs now, in the background, instead of at the next poll. Kicks while a run is going coalesce
   * into one more run, so a burst of kicks costs a few claims, not one each.
   */
  kick(): void {
    if (this.stopping) return;
    if (this.kicked) {
      this.kickedAgain = true;
      return;
    }
    this.kicked = (async () => {
      do {
        this.kickedAgain = false;
        await this.runDue();
      } while (this.kickedAgain);
    })()
      .catch((error: unknown) => this.log('Job queue: a run failed', error))
      .finally(() => {
        this.kicked = null;
      });
  }

  /** Resolves when a kicked run has finished. */
  async settled(): Promise<void> {
    while (this.kicked) await this.kicked;
  }

  /** Claims nothing more, and waits up to `timeoutMs` for the jobs running (before the database closes). */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    if (this.kicked) await atMost(this.settled(), timeoutMs);
  }

  async cancel(kind: string, key: string, db: Db = this.db): Promise<void> {
    await db.delete(jobs).where(and(eq(jobs.kind, kind), eq(jobs.key, key)));
  }

  /** Runs every job that is due now, a batch at a time; returns how many ran. */
  async runDue(): Promise<number> {
    let ran = 0;
    while (!this.stopping) {
      const batch = await this.claim();
      if (batch.length === 0) return ran;
      // A few at a time: the jobs share the process's few database connections with the requests it answers.
      let next = 0;
      const worker = async () => {
        while (next < batch.length) await this.run(batch[next++]!);
      };
      await Promise.all(Array.from({ length: RUN_CONCURRENCY }, worker));
      ran += batch.length;
    }
    return ran;
  }

  private claim(): Promise<ClaimedJob[]> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return Promise.resolve([]);
    const due = this.db
      .select({ kind: jobs.kind, key: jobs.key })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          lte(jobs.runAt, sql`now()`),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return this.db
      .update(jobs)
      .set({
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      })
      .where(sql`(${jobs.kind}, ${jobs.key}) in (${due})`)
      .returning();
  }

  private async run(job: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.kind)!;
    try {
      const outcome = await handler({ kind: job.kind, key: job.key, payload: job.payload, attempts: job.attempts });
      if ('done' in outcome) await this.db.delete(jobs).where(stillOurs(job));
      else await this.reschedule(job, outcome.rerunInSeconds, 0, null);
    } catch (error) {
      const retrySeconds = Math.min(5 * 2 ** (job.attempts - 1), MAX_RETRY_SECONDS);
      const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
      this.log(`Job ${job.kind} ${job.key}: run ${job.attempts} failed, again in ${retrySeconds} s`, error);
      await this.reschedule(job, retrySeconds, job.attempts, message).catch((err: unknown) =>
        this.log(`Job ${job.kind} ${job.key}: outcome not recorded`, err),
      );
    }
  }

  private async reschedule(job: ClaimedJob, inSeconds: number, attempts: number, lastError: string | null) {
    await this.db
      .update(jobs)
      .set({ runAt: sql`now() + make_interval(secs => ${inSeconds})`, lockedUntil: null, attempts, lastError })
      .where(stillOurs(job));
  }
}
