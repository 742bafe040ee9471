import { z } from 'zod';
import { contribute, defineModule } from '../platform/kernel/index.ts';
import { metricsGauges } from '../platform/metrics/face.ts';
import { jobsFace, scheduledRounds, workClaimers } from '../platform/work/jobs.ts';
import { databaseFace, logFace, shopFace } from '../platform/faces.ts';
import { JobQueue } from './queue.ts';
import { ScheduledWork } from './scheduled-work.ts';

export interface Jobs {
  jobs: JobQueue;
  scheduledWork: ScheduledWork;
}

export const jobsModule = defineModule({
  name: 'jobs',
  settings: z.object({
    /** How often each process looks for due work: queued mail, payment checks, expiries, refunds (decision 0019). */
    JOB_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(1000),
  }),
  needs: { database: databaseFace, log: logFace, shop: shopFace },
  provides: jobsFace,
  create: ({ settings, needs, gather }): Jobs => {
    const log = (message: string, error?: unknown) => needs.log.warn(message, error);
    const jobs = new JobQueue(needs.database.db, log);
    const scheduledWork = new ScheduledWork(jobs, gather(scheduledRounds), gather(workClaimers), {
      pollMs: settings.JOB_POLL_MS,
      log,
      // A process that only serves HTTP (WORKER_MODE=server) leaves jobs and mail to the workers.
      runsOnItsOwn: needs.shop.runtime.NODE_ENV !== 'test' && needs.shop.runtime.WORKER_MODE !== 'server',
    });
    return { jobs, scheduledWork };
  },
  // The queue's size for the metrics (decision 0066): waiting and dead jobs by kind.
  contributes: (['queued', 'dead'] as const).map((count) =>
    contribute(metricsGauges, ({ jobs }: Jobs) => ({
      name: `shop_jobs_${count}`,
      help: count === 'queued' ? 'Jobs waiting to run, by kind' : 'Jobs that failed their last allowed run, by kind',
      labelNames: ['kind'],
      read: async () => (await jobs.countsByKind()).map((row) => ({ labels: { kind: row.kind }, value: row[count] })),
    })),
  ),
  start: async ({ scheduledWork }) => scheduledWork.start(),
});
