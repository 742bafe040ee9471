import { Poller, stopClaimingScheduledWork, stopScheduledWork, type Claimer } from '../platform/work/poller.ts';
import type { JobQueue } from './queue.ts';

/**
 * One loop runs every process's scheduled work (decision 0019): the due jobs, then each round modules add (the
 * mail sender's drain). Tests run it by hand with runDue() and drain().
 */
export class ScheduledWork {
  private readonly loop: Poller;

  constructor(
    private readonly jobs: JobQueue,
    private readonly rounds: readonly (() => Promise<void>)[],
    private readonly claimers: readonly Claimer[],
    private readonly options: {
      pollMs: number;
      log: (message: string, error?: unknown) => void;
      /** False in tests, which run the work by hand. */
      runsOnItsOwn: boolean;
    },
  ) {
    this.loop = new Poller(
      async () => {
        await jobs.poll();
        for (const round of this.rounds) await round();
      },
      { pollMs: options.pollMs, log: options.log, name: 'Scheduled work' },
    );
  }

  start(): void {
    if (this.options.runsOnItsOwn) this.loop.start();
  }

  /** Claims no more jobs or mails, from this moment: the first thing a shutdown does (decision 0021). */
  stopClaiming(): void {
    stopClaimingScheduledWork({ loop: this.loop, claimers: [this.jobs, ...this.claimers] });
  }

  /** Claims nothing more and gives what runs at most `timeoutMs`, all of it together. */
  stop(timeoutMs: number): Promise<void> {
    return stopScheduledWork({ loop: this.loop, claimers: [this.jobs, ...this.claimers] }, timeoutMs);
  }
}
