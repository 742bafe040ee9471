// The job queue's public face (decision 0024): scheduled work shared by every process, and the loop that runs it.
// What other modules see of it is the platform's jobs face (server/platform/work/jobs.ts, decision 0061).
export { jobsModule, type Jobs } from './module.ts';
export type { ScheduledWork } from './scheduled-work.ts';
