/** Resolves after `ms` at the latest; never keeps the process alive. */
export const atMost = (work: Promise<unknown>, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    void work.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Work under way (a queue's runs, a sender's drains), so that a stop can wait for it a bounded time. */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const forget = () => this.running.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** Resolves when the work under way now has ended, or after `timeoutMs` at the latest. */
  async ended(timeoutMs: number): Promise<void> {
    if (this.running.size > 0) await atMost(Promise.allSettled([...this.running]), timeoutMs);
  }
}

/**
 * Runs `work` every `pollMs`, one round at a time, until stopped: the one loop behind scheduled work (the job
 * queue and the mail outbox, decision 0019). A failed round is logged and the next one comes as usual.
 */
export class Poller {
  private running = false;
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;

  constructor(
    private readonly work: () => Promise<unknown>,
    private readonly options: { pollMs: number; log: (message: string, error?: unknown) => void; name: string },
  ) {}

  start(): void {
    if (this.running || this.stopping) return;
    this.running = true;
    this.schedule(0);
  }

  /** Starts no new round from now on. */
  stopRounds(): void {
    this.running = false;
    this.stopping = true;
    clearTimeout(this.timer);
  }

  /** Starts no new round and waits up to `timeoutMs` for the one in flight. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopRounds();
    if (this.round) await atMost(this.round, timeoutMs);
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.round = this.work()
        .then(
          () => undefined,
          (error: unknown) => this.options.log(`${this.options.name}: a round failed`, error),
        )
        .finally(() => {
          this.round = undefined;
          if (this.running) this.schedule(this.options.pollMs);
        });
    }, delayMs);
    this.timer.unref(); // never keeps the process alive on its own
  }
}

/** A part of scheduled work that claims (the job queue, a mail sender). */
export interface Claimer {
  /** Claims nothing more from now on. */
  stopClaiming(): void;
  /** Claims nothing more and waits up to `timeoutMs` for the work in flight. */
  stop(timeoutMs: number): Promise<void>;
}

/** Claims nothing more, from this moment: no job, no mail, no new round. The first thing a shutdown does. */
export function stopClaimingScheduledWork(work: { loop: Poller; claimers: Claimer[] }): void {
  for (const claimer of work.claimers) claimer.stopClaiming();
  work.loop.stopRounds();
}

/**
 * Stops a process's scheduled work at shutdown: nothing new is claimed from the first moment (no job, no mail),
 * so a backlog ends with the batch in hand; then what is running gets at most `timeoutMs`, all of it together.
 */
export async function stopScheduledWork(work: { loop: Poller; claimers: Claimer[] }, timeoutMs: number): Promise<void> {
  stopClaimingScheduledWork(work);
  await Promise.all([work.loop.stop(timeoutMs), ...work.claimers.map((claimer) => claimer.stop(timeoutMs))]);
}
