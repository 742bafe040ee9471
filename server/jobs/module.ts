import { z } from 'zod';
import { defineModule } from '../platform/kernel/index.ts';
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
  start: async ({ scheduledWork }) => scheduledWork.start(),
});
