// Shiprocket's tracking webhooks and the catch-up of quiet parcels (issue 34, decision 0074): both hand scans to the
// tracking flow (extension point `shipping.scans`), which applies each once.
import { createHash, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../platform/db/client.ts';
import { WriteBatcher } from '../platform/db/write-batcher.ts';
import type { JobDeclaration } from '../platform/kernel/index.ts';
import type { JobScheduler } from '../platform/work/jobs.ts';
import type { ScanApplier, ScanSource } from '../platform/shipping/face.ts';
import { trackingWebhooks } from './schema.ts';
import { scanOfWebhook } from './scan-status.ts';
import { SHIPMENT_TRACK_JOB, type Shipments } from './shipments.ts';

/** The job that applies one stored webhook, its key the webhook's id. */
export const TRACKING_WEBHOOK_JOB = 'tracking-webhook';
/** Webhook jobs run before the backlog of other work (the job queue's lower number first). */
const WEBHOOK_PRIORITY = 0;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Whether the x-api-key sent is the token; both are hashed first, so the comparison takes the same time. */
export function trackingKeyAuthorized(given: string | string[] | undefined, token: string | null): boolean {
  if (token === null || typeof given !== 'string' || given === '') return false;
  return timingSafeEqual(sha256(given), sha256(token));
}

export interface TrackingOptions {
  database: Database;
  db: Db;
  jobs: JobScheduler;
  shipments: Shipments;
  /** The tracking flow, read when a job runs (filled once every module is created). */
  applier: () => ScanApplier;
  /** The courier the catch-up asks; null: nobody to ask, the parcel waits for its webhooks. */
  courier: () => ScanSource | null;
  log: (message: string, error?: unknown) => void;
}

/**
 * The webhook inbox (Shiprocket's word is the truth here: its token is the only credential and there is no status
 * API worth asking for each scan): a webhook is stored and answered at once; its job reads the scan and hands it to
 * the tracking flow. The catch-up job of each shipment asks the courier when no scan came for the check time.
 */
export class Tracking {
  /**
   * Webhooks that arrive together are stored together, each with its job, in one transaction: one commit for a
   * burst instead of one each (decision 0078: 100 at once queued for the pool's connections and their commits).
   */
  private readonly stored: WriteBatcher<Record<string, unknown>>;

  constructor(private readonly options: TrackingOptions) {
    const { database, jobs } = options;
    this.stored = new WriteBatcher(async (bodies) => {
      await database.transaction(async (tx) => {
        const rows = await tx
          .insert(trackingWebhooks)
          .values(bodies.map((body) => ({ body })))
          .returning({ id: trackingWebhooks.id });
        const due = rows.map(({ id }) => ({
          kind: TRACKING_WEBHOOK_JOB,
          key: id,
          payload: {},
          priority: WEBHOOK_PRIORITY,
        }));
        await jobs.addAll(due, tx);
      });
    }, 100);
  }

  /** Stores a webhook and its job in one transaction (none is stored without the other); then runs the queue. */
  async receive(body: Record<string, unknown>): Promise<void> {
    await this.stored.add(body);
    this.options.jobs.kick();
  }

  jobs(): JobDeclaration[] {
    return [
      { kind: TRACKING_WEBHOOK_JOB, run: async ({ key }) => (await this.applyWebhook(key), { done: true }) },
      { kind: SHIPMENT_TRACK_JOB, run: ({ key }) => this.catchUp(key) },
    ];
  }

  /** Applies one stored webhook, once: a body without an AWB, status id or time is stamped and ignored. */
  async applyWebhook(id: string): Promise<void> {
    const { db } = this.options;
    const [webhook] = await db.select().from(trackingWebhooks).where(eq(trackingWebhooks.id, id));
    if (!webhook || webhook.appliedAt) return;
    const read = scanOfWebhook(webhook.body);
    if (read) await this.options.applier().applyScans(read.awb, [read.scan]);
    else this.options.log(`Tracking webhook ${id} ignored: no AWB, status id or scan time`);
    await db
      .update(trackingWebhooks)
      .set({ appliedAt: sql`now()` })
      .where(eq(trackingWebhooks.id, id));
  }

  /** One shipment's catch-up: asks the courier for every scan when it has been quiet, then waits again. */
  async catchUp(shipmentId: string): Promise<{ done: true } | { rerunInSeconds: number }> {
    const { shipments } = this.options;
    const due = await shipments.catchUpDue(shipmentId);
    if (!due) return { done: true };
    if ('inSeconds' in due) return { rerunInSeconds: due.inSeconds };
    const courier = this.options.courier();
    try {
      if (courier) await this.options.applier().applyScans(due.awb, await courier.track(due.awb));
    } catch (error) {
      // The courier being down is no reason to give the parcel up: it is asked again after the check time.
      this.options.log(`Tracking: the catch-up of AWB ${due.awb} failed`, error);
    }
    await shipments.checked(shipmentId);
    return (await shipments.catchUpDue(shipmentId)) === null
      ? { done: true }
      : { rerunInSeconds: shipments.nextCheckSeconds };
  }
}
