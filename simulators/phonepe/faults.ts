import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { SimulatorError } from './errors.ts';

export const FAULT_ROUTES = ['token', 'pay', 'status', 'refund', 'refund-status'] as const;
export type FaultRoute = (typeof FAULT_ROUTES)[number];

/** A misbehaviour for the next calls of one endpoint: tests of the merchant's timeouts and retries. */
export const faultSchema = z.object({
  route: z.enum(FAULT_ROUTES),
  /** Answer this status (5xx, 429…) instead of the real answer. */
  status: z.number().int().min(400).max(599).optional(),
  /** Wait this long first (longer than the client's timeout makes a timeout). */
  delayMs: z.number().int().min(0).max(60_000).default(0),
  /** How many calls it affects. */
  times: z.number().int().min(1).max(1000).default(1),
  /** Do the work first, then delay or fail: the caller cannot know the outcome (a created payment, say). */
  afterProcessing: z.boolean().default(false),
});
export type Fault = z.infer<typeof faultSchema>;

/**
 * Faults held by this process only (they belong to a test, not to PhonePe's state). Closing cuts waits short,
 * so a delayed request never holds up shutdown.
 */
export class Faults {
  private faults: Fault[] = [];
  private readonly closing = new AbortController();
  /** Calls per route and per route and subject (a merchantOrderId, say): what a test counts of the merchant. */
  private readonly calls = new Map<string, number>();

  add(fault: Fault): void {
    this.faults.push({ ...fault });
  }

  clear(): void {
    this.faults = [];
  }

  close(): void {
    this.closing.abort();
  }

  /** How many calls `route` had (about `subject`, when given) since this process started. */
  callCount(route: FaultRoute, subject?: string): number {
    return this.calls.get(subject === undefined ? route : `${route}:${subject}`) ?? 0;
  }

  /** Runs a call of `route` (about `subject`), misbehaving first or after when a fault says so. */
  async run<T>(route: FaultRoute, handler: () => Promise<T>, subject?: string): Promise<T> {
    for (const key of subject === undefined ? [route] : [route, `${route}:${subject}`]) {
      this.calls.set(key, (this.calls.get(key) ?? 0) + 1);
    }
    const fault = this.take(route);
    if (!fault) return handler();
    if (!fault.afterProcessing) await this.misbehave(fault);
    const result = await handler();
    if (fault.afterProcessing) await this.misbehave(fault);
    return result;
  }

  private take(route: FaultRoute): Fault | undefined {
    const fault = this.faults.find((candidate) => candidate.route === route);
    if (fault && --fault.times === 0) this.faults.splice(this.faults.indexOf(fault), 1);
    return fault;
  }

  private async misbehave(fault: Fault): Promise<void> {
    if (fault.delayMs) await sleep(fault.delayMs, undefined, { signal: this.closing.signal }).catch(() => {});
    if (fault.status)
      throw new SimulatorError(fault.status, 'INJECTED_FAULT', `Injected ${fault.status} on ${fault.route}`);
  }
}
