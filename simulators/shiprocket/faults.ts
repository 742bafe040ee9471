import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { ShiprocketError } from './errors.ts';

export const FAULT_ROUTES = [
  'login',
  'serviceability',
  'create-order',
  'orders',
  'assign-awb',
  'pickup',
  'label',
  'manifest',
  'track',
  'document',
] as const;
export type FaultRoute = (typeof FAULT_ROUTES)[number];

/**
 * A misbehaviour for the next calls of one endpoint: `status` 500 (or any 4xx/5xx; 401 refuses the token), a
 * delay longer than the client's timeout (a hang), before or after doing the work.
 */
export const faultSchema = z.object({
  route: z.enum(FAULT_ROUTES),
  status: z.number().int().min(400).max(599).optional(),
  delayMs: z.number().int().min(0).max(120_000).default(0),
  times: z.number().int().min(1).max(1000).default(1),
  /** Do the work first, then delay or fail: the caller cannot know the outcome (a created order, say). */
  afterProcessing: z.boolean().default(false),
});
export type Fault = z.infer<typeof faultSchema>;

/** Faults and call counts, held by this process only: they belong to a test, not to Shiprocket's state. */
export class Faults {
  private faults: Fault[] = [];
  private readonly closing = new AbortController();
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

  callCounts(): Record<string, number> {
    return Object.fromEntries(this.calls);
  }

  resetCounts(): void {
    this.calls.clear();
  }

  async run<T>(route: FaultRoute, handler: () => Promise<T>): Promise<T> {
    this.calls.set(route, (this.calls.get(route) ?? 0) + 1);
    const fault = this.faults.find((candidate) => candidate.route === route);
    if (!fault) return handler();
    if (--fault.times === 0) this.faults.splice(this.faults.indexOf(fault), 1);
    if (!fault.afterProcessing) await this.misbehave(fault);
    const result = await handler();
    if (fault.afterProcessing) await this.misbehave(fault);
    return result;
  }

  private async misbehave(fault: Fault): Promise<void> {
    if (fault.delayMs) await sleep(fault.delayMs, undefined, { signal: this.closing.signal }).catch(() => {});
    if (fault.status === 401) throw new ShiprocketError(401, 'Unauthenticated.');
    if (fault.status) throw new ShiprocketError(fault.status, `Injected ${fault.status} on ${fault.route}`);
  }
}
