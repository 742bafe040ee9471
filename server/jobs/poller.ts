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

  /** Starts no new round and waits up to `timeoutMs` for the one in flight. */
  async stop(timeoutMs: number): Promise<void> {
    this.running = false;
    this.stopping = true;
    clearTimeout(this.timer);
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

/**
 * Stops a process's scheduled work at shutdown: nothing new is claimed from the first moment (no job, no mail),
 * so a backlog ends with the batch in hand; then what is running gets at most `timeoutMs`.
 */
export async function stopScheduledWork(
  work: { loop: Poller; jobs: { stop(timeoutMs: number): Promise<void> }; senders: Array<{ stopClaiming(): void }> },
  timeoutMs: number,
): Promise<void> {
  for (const sender of work.senders) sender.stopClaiming();
  const jobsStopped = work.jobs.stop(timeoutMs);
  await work.loop.stop(timeoutMs);
  await jobsStopped;
}
