import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { executePrepared, type Db } from '../platform/db/client.ts';
import { WriteBatcher } from '../platform/db/write-batcher.ts';
import { Statement } from '../platform/db/statement.ts';
import { describeError } from '../platform/http/logger.ts';
import { jobs } from './schema.ts';
import type { JobOutcome, JobScheduler } from '../platform/work/jobs.ts';
import { InFlight } from '../platform/work/poller.ts';
import { LeaseKeeper } from '../platform/work/leases.ts';
import { inTurn, workThroughClaims } from '../platform/work/claims.ts';

export interface Job {
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  /** 1 on the first run; counts runs that failed since the last success. */
  attempts: number;
}

/** What a handler says after a run: done (the job is deleted), or run again after some seconds. */
export type JobHandler = (job: Job) => Promise<JobOutcome>;

/** Runs before every job of a higher number: a payment's webhook before a backlog of scheduled checks. */
export const URGENT_PRIORITY = 0;
/** A job's priority unless it says otherwise. */
export const DEFAULT_PRIORITY = 1;
/** Failed runs in a row before a job is dead, unless its kind says otherwise: about 50 minutes of backoff. */
export const DEFAULT_MAX_ATTEMPTS = 12;
/**
 * How long a claim lasts unless renewed. It is renewed every third of this while the job runs (LeaseKeeper), so
 * a job claimed by a process that died is run again within this, and a slow one keeps its claim (decision 0021).
 */
export const JOB_LEASE_SECONDS = 20;
const MAX_RETRY_SECONDS = 600;
const MAX_ERROR_LENGTH = 1000;
const BATCH = 20;
/** Jobs run at once by one process: they share its few database connections and CPU with the requests it answers. */
const RUN_CONCURRENCY = 1;

type ClaimedJob = typeof jobs.$inferSelect;
/** Urgent jobs (priority URGENT_PRIORITY) and the rest, each claimed and run apart. */
type LaneName = 'urgent' | 'rest';
type NewJob = { kind: string; key: string; payload: Record<string, unknown>; priority?: number };

/** A job at `inSeconds` from now; scheduling one that exists moves it (and revives a dead one). Sent at once. */
const scheduleJob = new Statement<{
  kind: string;
  key: string;
  inSeconds: number;
  payload: Record<string, unknown>;
  priority: number;
}>('schedule-job', (db) => {
  const runAt = sql`now() + make_interval(secs => ${sql.placeholder('inSeconds')})`;
  const priority = sql`${sql.placeholder('priority')}::smallint`;
  return db
    .insert(jobs)
    .values({
      kind: sql.placeholder('kind'),
      key: sql.placeholder('key'),
      runAt,
      payload: sql.placeholder('payload'),
      priority,
    })
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.key],
      set: { runAt, lockedUntil: null, attempts: 0, priority, deadAt: null },
    });
});

/** Jobs due now, one statement for any number (prepared: its text never changes); a waiting one stays as it is. */
const insertDueJobs = (db: Db, rows: NewJob[]) =>
  executePrepared(
    db,
    'add-jobs',
    sql`insert into ${jobs} (kind, key, run_at, payload, priority)
        select kind, key, now(), payload, coalesce(priority, ${DEFAULT_PRIORITY})
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as added(kind text, key text, payload jsonb, priority smallint)
        on conflict do nothing`,
  );

/** The run count fences a claim: a process whose lease ran out, and whose job was claimed again, changes nothing. */
const stillOurs = (job: ClaimedJob) =>
  and(eq(jobs.kind, job.kind), eq(jobs.key, job.key), eq(jobs.attempts, job.attempts));

/** A kind's handler and how many failed runs in a row it is given before the job is dead. */
interface Registered {
  handler: JobHandler;
  maxAttempts: number;
}

export interface JobQueueOptions {
  /** How long a claim lasts unless renewed (tests shorten it). */
  leaseSeconds?: number;
}

/**
 * Scheduled work in the database (decision 0019): every process may run the queue, and a job is run by one process
 * at a time: claiming takes a lease with FOR UPDATE SKIP LOCKED, renewed while the job runs (decision 0021). A job
 * is one row per kind and key, so scheduling it again moves it instead of adding a second. Lower priorities run
 * first; a job that fails its last allowed run is kept as dead, with its error, and never claimed again.
 */
export class JobQueue implements JobScheduler {
  private readonly handlers = new Map<string, Registered>();
  private stopping = false;
  /**
   * Two lanes (issue 33): urgent jobs (a webhook's) are claimed and run apart from the rest, so one never waits
   * behind a batch of slow ones (gateway status checks) that this process holds; each lane runs one job at a time.
   */
  private readonly lanes: Record<LaneName, Lane> = {
    urgent: new Lane(
      () => this.runBatches(undefined, 'urgent'),
      (error) => this.log('Job queue: a run failed', error),
    ),
    rest: new Lane(
      () => this.runBatches(undefined, 'rest'),
      (error) => this.log('Job queue: a run failed', error),
    ),
  };
  /** The runs of runDue going on now (a poll's, a kick's). */
  private readonly running = new InFlight();
  private readonly leaseSeconds: number;
  private readonly leases: LeaseKeeper<ClaimedJob>;
  private readonly added = new WriteBatcher<NewJob>(async (rows) => {
    await insertDueJobs(this.db, rows);
  });

  constructor(
    private readonly db: Db,
    private readonly log: (message: string, error?: unknown) => void = () => {},
    options: JobQueueOptions = {},
  ) {
    this.leaseSeconds = options.leaseSeconds ?? JOB_LEASE_SECONDS;
    this.leases = new LeaseKeeper((held) => this.renew(held), this.leaseSeconds * 1000, log);
  }

  /** Runs jobs of this kind; after `maxAttempts` failed runs in a row (DEFAULT_MAX_ATTEMPTS) the job is dead. */
  handle(kind: string, handler: JobHandler, options: { maxAttempts?: number } = {}): void {
    this.handlers.set(kind, { handler, maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS });
  }

  /**
   * Runs the job `inSeconds` from now (the database's clock); pass a transaction to schedule with a change.
   * `priority` (DEFAULT_PRIORITY) orders jobs due together: URGENT_PRIORITY first.
   */
  schedule(
    job: { kind: string; key: string; inSeconds: number; payload?: Record<string, unknown>; priority?: number },
    db: Db = this.db,
  ): Promise<void> {
    const { kind, key, inSeconds } = job;
    const params = { kind, key, inSeconds, payload: job.payload ?? {}, priority: job.priority ?? DEFAULT_PRIORITY };
    return scheduleJob.run(db, params).then(() => undefined);
  }

  /**
   * Adds a job due now unless one with its kind and key is waiting already (a repeated delivery, say). Jobs added
   * at the same time are written together (hot paths such as webhooks). Run them soon with kick().
   */
  add(job: { kind: string; key: string; payload: Record<string, unknown>; priority?: number }): Promise<void> {
    return this.added.add(job);
  }

  addAll(rows: readonly NewJob[], db: Db): Promise<void> {
    return rows.length === 0 ? Promise.resolve() : insertDueJobs(db, [...rows]).then(() => undefined);
  }

  /**
   * Runs the due jobs now, in the background, instead of at the next poll: each lane starts, or runs once more when
   * it is running, so a burst of kicks costs a few claims, not one each.
   */
  kick(): void {
    if (this.stopping) return;
    for (const lane of Object.values(this.lanes)) void this.running.track(lane.run());
  }

  /**
   * One round of the scheduled-work loop: the urgent lane's due jobs, waited for; the rest's started, not waited
   * for, so the loop's next round (the mails, the next urgent job) never waits behind slow jobs.
   */
  async poll(): Promise<void> {
    if (this.stopping) return;
    void this.running.track(this.lanes.rest.run());
    await this.running.track(this.lanes.urgent.run());
  }

  /** Resolves when the lanes' runs going on now have finished. */
  async settled(): Promise<void> {
    await Promise.all(Object.values(this.lanes).map((lane) => lane.idle()));
  }

  /** Claims nothing more from now on; the jobs claimed and not started yet are handed back. */
  stopClaiming(): void {
    this.stopping = true;
  }

  /**
   * Claims nothing more, and waits up to `timeoutMs` for the jobs running (before the database closes). A job
   * still running then keeps its claim until its lease runs out, and is run again after that.
   */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    await this.running.ended(timeoutMs);
    this.leases.stop();
  }

  async cancel(kind: string, key: string, db: Db = this.db): Promise<void> {
    await db.delete(jobs).where(and(eq(jobs.kind, kind), eq(jobs.key, key)));
  }

  /** The jobs waiting (due or not, claimed or not) and the dead ones, by kind: the metrics' one GROUP BY. */
  async countsByKind(): Promise<Array<{ kind: string; queued: number; dead: number }>> {
    return this.db
      .select({
        kind: jobs.kind,
        queued: sql<number>`(count(*) filter (where ${jobs.deadAt} is null))::int`,
        dead: sql<number>`(count(*) filter (where ${jobs.deadAt} is not null))::int`,
      })
      .from(jobs)
      .groupBy(jobs.kind);
  }

  /** How many jobs are dead: failed their last allowed run, and wait for someone to look (GET /api/health). */
  async deadCount(): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(isNotNull(jobs.deadAt));
    return row!.count;
  }

  /** Runs every job that is due now (of these kinds only, when given), a batch at a time; returns how many ran. */
  runDue(kinds?: readonly string[]): Promise<number> {
    return this.running.track(this.runBatches(kinds));
  }

  private runBatches(kinds?: readonly string[], lane?: LaneName): Promise<number> {
    return workThroughClaims({
      claim: () => this.claim(kinds, lane),
      leases: this.leases,
      stopping: () => this.stopping,
      work: (batch) => this.runBatch(batch),
    });
  }

  /** Runs a claimed batch; returns how many of its jobs ran (those not started once stopping are handed back). */
  private async runBatch(batch: ClaimedJob[]): Promise<number> {
    const stopping = () => this.stopping;
    const { succeeded, notStarted } = await inTurn(batch, { concurrency: RUN_CONCURRENCY, stopping }, (job) =>
      this.run(job),
    );
    // The finished ones go in one statement; should the process die first, they run again (handlers are idempotent).
    if (succeeded.length > 0) await this.db.delete(jobs).where(or(...succeeded.map(stillOurs)));
    await this.handBack(notStarted);
    return batch.length - notStarted.length;
  }

  /** Due jobs, the most urgent first: of one lane's priorities when given, else of all. */
  private claim(only?: readonly string[], lane?: LaneName): Promise<ClaimedJob[]> {
    const kinds = [...this.handlers.keys()].filter((kind) => !only || only.includes(kind));
    if (kinds.length === 0) return Promise.resolve([]);
    const due = this.db
      .select({ kind: jobs.kind, key: jobs.key })
      .from(jobs)
      .where(
        and(
          isNull(jobs.deadAt),
          inArray(jobs.kind, kinds),
          lte(jobs.runAt, sql`now()`),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql`now()`)),
          lane === undefined
            ? undefined
            : lane === 'urgent'
              ? lte(jobs.priority, URGENT_PRIORITY)
              : gt(jobs.priority, URGENT_PRIORITY),
        ),
      )
      .orderBy(asc(jobs.priority), asc(jobs.runAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return this.db
      .update(jobs)
      .set({ attempts: sql`${jobs.attempts} + 1`, lockedUntil: this.leaseEnd() })
      .where(sql`(${jobs.kind}, ${jobs.key}) in (${due})`)
      .returning();
  }

  private leaseEnd() {
    return sql`now() + make_interval(secs => ${this.leaseSeconds})`;
  }

  /** Extends the leases of the jobs this process still runs or holds (a claim taken over since is not ours). */
  private renew(held: ClaimedJob[]) {
    return this.db
      .update(jobs)
      .set({ lockedUntil: this.leaseEnd() })
      .where(and(isNotNull(jobs.lockedUntil), or(...held.map(stillOurs))));
  }

  /** Runs one job; true when it is done and may be deleted. */
  private async run(job: ClaimedJob): Promise<boolean> {
    const { handler, maxAttempts } = this.handlers.get(job.kind)!;
    const name = `Job ${job.kind} ${job.key}`;
    if (job.attempts > maxAttempts) {
      // Its last allowed run never recorded an outcome: the process running it died (it may have killed it).
      const lastError = job.lastError ?? 'its last run never finished';
      await this.record(job, () => this.bury(job, lastError));
      this.log(`${name}: dead after ${maxAttempts} runs; its last run never finished`);
      return false;
    }
    try {
      const outcome = await handler({ kind: job.kind, key: job.key, payload: job.payload, attempts: job.attempts });
      if ('done' in outcome) return true;
      await this.record(job, () => this.reschedule(job, outcome.rerunInSeconds, 0, null));
    } catch (error) {
      const lastError = describeError(error).slice(0, MAX_ERROR_LENGTH);
      if (job.attempts >= maxAttempts) {
        this.log(`${name}: run ${job.attempts} failed, dead after ${maxAttempts} runs`, error);
        await this.record(job, () => this.bury(job, lastError));
      } else {
        const retrySeconds = Math.min(5 * 2 ** (job.attempts - 1), MAX_RETRY_SECONDS);
        this.log(`${name}: run ${job.attempts} failed, again in ${retrySeconds} s`, error);
        await this.record(job, () => this.reschedule(job, retrySeconds, job.attempts, lastError));
      }
    }
    return false;
  }

  /** Writes a run's outcome once its lease is no longer renewed; a failure leaves the job to its lease. */
  private async record(job: ClaimedJob, write: () => Promise<unknown>): Promise<void> {
    await this.leases.drop([job]);
    await write().catch((error: unknown) => this.log(`Job ${job.kind} ${job.key}: outcome not recorded`, error));
  }

  private async reschedule(job: ClaimedJob, inSeconds: number, attempts: number, lastError: string | null) {
    await this.db
      .update(jobs)
      .set({ runAt: sql`now() + make_interval(secs => ${inSeconds})`, lockedUntil: null, attempts, lastError })
      .where(stillOurs(job));
  }

  /** Kept with its last error and never claimed again. */
  private async bury(job: ClaimedJob, lastError: string) {
    await this.db
      .update(jobs)
      .set({ deadAt: sql`now()`, lockedUntil: null, lastError })
      .where(stillOurs(job));
  }

  /** Claimed but never started (shutting down): due again at once, and the claim does not count as a run. */
  private async handBack(unstarted: ClaimedJob[]) {
    if (unstarted.length === 0) return;
    await this.leases.drop(unstarted);
    await this.db
      .update(jobs)
      .set({ attempts: sql`${jobs.attempts} - 1`, lockedUntil: null })
      .where(or(...unstarted.map(stillOurs)));
  }
}

/**
 * A loop that runs one round at a time: `run()` starts it, or, while it runs, asks for one more round after it, so
 * work added meanwhile is claimed too. Resolves, never rejects, when the rounds covering the call have ended.
 */
class Lane {
  private current: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly round: () => Promise<unknown>,
    /** A failed round is told here; the lane goes on with the next. */
    private readonly failed: (error: unknown) => void,
  ) {}

  run(): Promise<void> {
    if (this.current) {
      this.again = true;
      return this.current;
    }
    this.current = (async () => {
      try {
        do {
          this.again = false;
          await this.round().catch(this.failed);
        } while (this.again);
      } finally {
        this.current = null;
      }
    })();
    return this.current;
  }

  async idle(): Promise<void> {
    while (this.current) await this.current;
  }
}
