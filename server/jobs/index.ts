// The job queue's public face (decision 0024): scheduled work shared by every process, and the loop that runs it.
export { JobQueue, type JobOutcome } from './queue.ts';
export { InFlight, Poller, atMost, stopClaimingScheduledWork, stopScheduledWork } from './poller.ts';
export { LeaseKeeper } from './leases.ts';
export { inTurn, workThroughClaims } from './claims.ts';
export { jobsModule, jobsFace, scheduledRounds, workClaimers, type Jobs } from './module.ts';
export type { ScheduledWork } from './scheduled-work.ts';
