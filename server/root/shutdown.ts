import { atMost } from '../platform/work/poller.ts';
import type { ScheduledWork } from '../jobs/index.ts';
import type { Assembly } from '../platform/kernel/index.ts';
import type { Database } from '../platform/db/client.ts';
import type { RateLimitStore } from '../platform/http/rate-limit.ts';

/** How long a close waits at most for the jobs and mails in flight. */
const SCHEDULED_WORK_WAIT_MS = 5000;
/** Kept from a close's time for closing connections after the scheduled work. */
const CLOSING_MS = 1000;

export interface RunningShop {
  scheduledWork: ScheduledWork;
  /** Reset mails still being queued after their answer. */
  emailLinks: { settled(): Promise<void> };
  assembly: Assembly;
  rateLimitStore: RateLimitStore;
  database: Database;
}

/**
 * Stops scheduled work, giving what runs until `deadline` (a time in ms; 6 s from now by default) less a second
 * kept for closing the rest, then stops the modules in reverse and closes the database, within the deadline.
 */
export async function closeShop(shop: RunningShop, deadline = Date.now() + SCHEDULED_WORK_WAIT_MS + CLOSING_MS) {
  const left = (keep = 0) => Math.max(0, deadline - keep - Date.now());
  shop.scheduledWork.stopClaiming();
  await atMost(shop.emailLinks.settled(), left(CLOSING_MS));
  // One wait for the jobs and the mails in flight together; what is cut off is left to its short lease.
  await shop.scheduledWork.stop(Math.min(SCHEDULED_WORK_WAIT_MS, left(CLOSING_MS)));
  let failed: { error: unknown } | undefined;
  const closing = (async () => {
    await shop.assembly.stop();
    await shop.rateLimitStore.close();
    await shop.database.close(); // waits for the statements in flight: a job cut off above may hold one
  })().catch((error: unknown) => (failed = { error }));
  await atMost(closing, Math.max(left(), 100));
  if (failed) throw failed.error;
}
