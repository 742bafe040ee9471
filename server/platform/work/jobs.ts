// What every module sees of the jobs module (decision 0061): a queue to schedule work in, and the scheduled-work
// loop's extension points.
import type { Db } from '../db/client.ts';
import { extensionPoint, face } from '../kernel/face.ts';
import type { Claimer } from './poller.ts';

export type JobOutcome = { done: true } | { rerunInSeconds: number };

export interface JobScheduler {
  /**
   * Runs the job `inSeconds` from now (the database's clock); pass a transaction to schedule with a change.
   * `priority` orders jobs due together, 0 (urgent) first.
   */
  schedule(
    job: { kind: string; key: string; inSeconds: number; payload?: Record<string, unknown>; priority?: number },
    db?: Db,
  ): Promise<void>;
  /** Adds a job due now unless one with its kind and key is waiting already; run it soon with kick(). */
  add(job: { kind: string; key: string; payload: Record<string, unknown>; priority?: number }): Promise<void>;
  /**
   * Adds jobs due now, each unless one with its kind and key is waiting, with one statement in `db`: pass a
   * transaction to add them with a change (a batch of webhooks stored together, decision 0078).
   */
  addAll(
    jobs: ReadonlyArray<{ kind: string; key: string; payload: Record<string, unknown>; priority?: number }>,
    db: Db,
  ): Promise<void>;
  /** Runs the due jobs now, in the background, instead of at the next poll. */
  kick(): void;
  /** How many jobs failed their last allowed run and wait for someone to look. */
  deadCount(): Promise<number>;
}

export interface JobsFace {
  jobs: JobScheduler;
}

export const jobsFace = face<JobsFace>('jobs');
/** Work each round of the scheduled-work loop runs after the due jobs, e.g. the mail sender's drain. */
export const scheduledRounds = extensionPoint<() => Promise<void>>('scheduledWork.rounds');
/** What claims work of its own and must stop claiming at shutdown (the mail sender, background images). */
export const workClaimers = extensionPoint<Claimer>('scheduledWork.claimers');
