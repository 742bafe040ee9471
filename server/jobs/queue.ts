import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { executePrepared, type Db } from '../db/client.ts';
import { WriteBatcher } from '../db/write-batcher.ts';
import { Statement } from '../db/statement.ts';
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
/** Jobs run at once by one process: they share its few database connections and CPU with the requests it answers. */
const RUN_CONCURRENCY = 1;

type ClaimedJob = typeof jobs.$inferSelect;
type NewJob = { kind: string; key: string; payload: Record<string, unknown> };

/** A job at `inSeconds` from now; scheduling one that exists moves it. Sent at once (Database.writeAtOnce). */
const scheduleJob = new Statement<{ kind: string; key: string; inSeconds: number; payload: Record<string, unknown> }>(
  'schedule-job',
  (db) => {
    const runAt = sql`now() + make_interval(secs => ${sql.placeholder('inSeconds')})`;
    return db
      .insert(jobs)
      .values({
        kind: sql.placeholder('kind'),
        key: sql.placeholder('key'),
        runAt,
        payload: sql.placeholder('payload'),
      })
      .onConflictDoUpdate({ target: [jobs.kind, jobs.key], set: { runAt, lockedUntil: null, attempts: 0 } });
  },
);

/** Jobs due now, one statement for any number (prepared: its text never changes); a waiting one stays as it is. */
const insertDueJobs = (db: Db, rows: NewJob[]) =>
  executePrepared(
    db,
    'add-jobs',
    sql`insert into ${jobs} (kind, key, run_at, payload)
        select kind, key, now(), payload from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as added(kind text, key text, payload jsonb)
        on conflict do nothing`,
  );

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
  private readonly added = new WriteBatcher<NewJob>(async (rows) => {
    await insertDueJobs(this.db, rows);
  });

  constructor(
    private readonly db: Db,
    private readonly log: (message: string, error?: unknown) => void = () => {},
  ) {}

  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Runs the job `inSeconds` from now (the database's clock); pass a transaction to schedule with a change. */
  schedule(
    job: { kind: string; key: string; inSeconds: number; payload?: Record<string, unknown> },
    db: Db = this.db,
  ): Promise<void> {
    const { kind, key, inSeconds } = job;
    return scheduleJob.run(db, { kind, key, inSeconds, payload: job.payload ?? {} }).then(() => undefined);
  }

  /**
   * Adds a job due now unless one with its kind and key is waiting already (a repeated delivery, say). Jobs added
   * at the same time are written together (hot paths such as webhooks). Run them soon with kick().
   */
  add(job: { kind: string; key: string; payload: Record<string, unknown> }): Promise<void> {
    return this.added.add(job);
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
      let next = 0;
      const done: ClaimedJob[] = [];
      const worker = async () => {
        while (next < batch.length) {
          const job = batch[next++]!;
          if (await this.run(job)) done.push(job);
        }
      };
      await Promise.all(Array.from({ length: RUN_CONCURRENCY }, worker));
      // The finished ones go in one statement; should the process die first, they run again (handlers are idempotent).
      if (done.length > 0) await this.db.delete(jobs).where(or(...done.map(stillOurs)));
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

  /** Runs one job; true when it is done and may be deleted. */
  private async run(job: ClaimedJob): Promise<boolean> {
    const handler = this.handlers.get(job.kind)!;
    try {
      const outcome = await handler({ kind: job.kind, key: job.key, payload: job.payload, attempts: job.attempts });
      if ('done' in outcome) return true;
      await this.reschedule(job, outcome.rerunInSeconds, 0, null);
    } catch (error) {
      const retrySeconds = Math.min(5 * 2 ** (job.attempts - 1), MAX_RETRY_SECONDS);
      const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
      this.log(`Job ${job.kind} ${job.key}: run ${job.attempts} failed, again in ${retrySeconds} s`, error);
      await this.reschedule(job, retrySeconds, job.attempts, message).catch((err: unknown) =>
        this.log(`Job ${job.kind} ${job.key}: outcome not recorded`, err),
      );
    }
    return false;
  }

  private async reschedule(job: ClaimedJob, inSeconds: number, attempts: number, lastError: string | null) {
    await this.db
      .update(jobs)
      .set({ runAt: sql`now() + make_interval(secs => ${inSeconds})`, lockedUntil: null, attempts, lastError })
      .where(stillOurs(job));
  }
}
