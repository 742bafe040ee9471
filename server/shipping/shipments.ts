// Shipments and their applied scans (issue 34, decision 0074): the shipping module's tables as the shipment-creation
// route writes them and the tracking flow changes them.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { JobScheduler } from '../platform/work/jobs.ts';
import type { RecordedScan, ShipmentBook, TrackedShipment, TrackingScan } from '../platform/shipping/face.ts';
import type { TrackingEntry, TrackingStatus } from '../../core/contracts/orders.ts';
import { shipments, trackingEvents } from './schema.ts';

/** The catch-up job of one shipment (its key the shipment's id): it asks the courier when no scan came for a while. */
export const SHIPMENT_TRACK_JOB = 'shipment-track';

/** Shiprocket's public tracking page of an AWB. */
export const trackingUrlOf = (awb: string) => `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`;

/** A shipment the courier accepted: what the shipment-creation route records. */
export interface NewShipment {
  /** The order's row id. */
  orderId: string;
  courierOrderId: number;
  shipmentId: number;
  awb: string;
  courierName: string;
  labelId?: string | null;
  manifestId?: string | null;
}

export type ShipmentRow = typeof shipments.$inferSelect;

const trackedColumns = {
  id: shipments.id,
  orderId: shipments.orderId,
  awb: shipments.awb,
  trackingStatus: shipments.trackingStatus,
  lastScanAt: shipments.lastScanAt,
};

/** The shipping module's shipments: recorded once per order, their scans each applied once. */
export class Shipments implements ShipmentBook {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobScheduler,
    /** SHIPPING_TRACK_CHECK_HOURS: how long a parcel may go unscanned before the courier is asked. */
    private readonly checkHours: number,
  ) {}

  private get checkSeconds() {
    return Math.max(1, Math.round(this.checkHours * 3600));
  }

  /**
   * Records the order's shipment, in `db` (the creation route's transaction, or alone), and schedules its catch-up.
   * A second call for the same order (a retry) leaves the first as it is and answers it.
   */
  async recordShipment(shipment: NewShipment, db: Db = this.db): Promise<ShipmentRow> {
    const [inserted] = await db
      .insert(shipments)
      .values({
        ...shipment,
        labelId: shipment.labelId ?? null,
        manifestId: shipment.manifestId ?? null,
        trackingUrl: trackingUrlOf(shipment.awb),
      })
      .onConflictDoNothing({ target: shipments.orderId })
      .returning();
    if (!inserted) {
      const [existing] = await db.select().from(shipments).where(eq(shipments.orderId, shipment.orderId));
      return existing!;
    }
    await this.jobs.schedule({ kind: SHIPMENT_TRACK_JOB, key: inserted.id, inSeconds: this.checkSeconds }, db);
    return inserted;
  }

  /** The shipment of an order by its row id, if it has one. */
  async ofOrder(orderId: string, db: Db = this.db): Promise<ShipmentRow | undefined> {
    const [row] = await db.select().from(shipments).where(eq(shipments.orderId, orderId));
    return row;
  }

  /** Notes the label's or the manifest's id once the courier made it. */
  async setDocuments(id: string, documents: { labelId?: string; manifestId?: string }, db: Db = this.db) {
    await db.update(shipments).set(documents).where(eq(shipments.id, id));
  }

  async lockByAwb(tx: Db, awb: string): Promise<TrackedShipment | null> {
    const [row] = await tx.select(trackedColumns).from(shipments).where(eq(shipments.awb, awb)).for('update');
    return row ?? null;
  }

  async recordScan(
    tx: Db,
    shipment: TrackedShipment,
    scan: TrackingScan,
    status: TrackingStatus,
  ): Promise<RecordedScan> {
    const [added] = await tx
      .insert(trackingEvents)
      .values({
        orderId: shipment.orderId,
        awb: shipment.awb,
        statusId: scan.statusId,
        status,
        label: scan.activity,
        location: scan.location,
        at: scan.at,
      })
      .onConflictDoNothing()
      .returning({ id: trackingEvents.id });
    if (!added) return 'repeat';
    if (shipment.lastScanAt && scan.at < shipment.lastScanAt) return 'older';
    await tx
      .update(shipments)
      .set({ trackingStatus: status, lastScanAt: scan.at })
      .where(eq(shipments.id, shipment.id));
    // A scan came: the catch-up waits its full time again.
    await this.jobs.schedule({ kind: SHIPMENT_TRACK_JOB, key: shipment.id, inSeconds: this.checkSeconds }, tx);
    shipment.trackingStatus = status;
    shipment.lastScanAt = scan.at;
    return 'newest';
  }

  /** The applied scans of orders, by order row id, oldest first (the orders' answers show them). */
  async trackingOf(db: Db, orderIds: readonly string[]): Promise<Map<string, TrackingEntry[]>> {
    const rows = await db
      .select({
        orderId: trackingEvents.orderId,
        status: trackingEvents.status,
        label: trackingEvents.label,
        location: trackingEvents.location,
        at: trackingEvents.at,
      })
      .from(trackingEvents)
      .where(inArray(trackingEvents.orderId, [...orderIds]))
      .orderBy(asc(trackingEvents.at), asc(trackingEvents.id));
    const byOrder = new Map<string, TrackingEntry[]>();
    for (const { orderId, at, ...entry } of rows) {
      const list = byOrder.get(orderId) ?? [];
      list.push({ ...entry, at: at.toISOString() });
      byOrder.set(orderId, list);
    }
    return byOrder;
  }

  /**
   * A shipment the catch-up job looks at: its AWB when it is still on its way and unscanned (and unchecked) for the
   * whole check time, else when to look again (in seconds), or null when it is delivered, returned or gone.
   */
  async catchUpDue(id: string): Promise<{ awb: string } | { inSeconds: number } | null> {
    const quietSince = sql`greatest(coalesce(${shipments.lastScanAt}, ${shipments.createdAt}), coalesce(${shipments.lastCheckedAt}, ${shipments.createdAt}))`;
    const [row] = await this.db
      .select({
        awb: shipments.awb,
        trackingStatus: shipments.trackingStatus,
        dueInSeconds: sql<number>`extract(epoch from (${quietSince} + make_interval(secs => ${this.checkSeconds}) - now()))::float8`,
      })
      .from(shipments)
      .where(eq(shipments.id, id));
    if (!row || row.trackingStatus === 'delivered' || row.trackingStatus === 'rto_delivered') return null;
    return row.dueInSeconds > 0 ? { inSeconds: Math.ceil(row.dueInSeconds) } : { awb: row.awb };
  }

  /** The courier was asked about the shipment now (whatever it answered). */
  async checked(id: string): Promise<void> {
    await this.db
      .update(shipments)
      .set({ lastCheckedAt: sql`now()` })
      .where(eq(shipments.id, id));
  }

  /** Seconds until the next catch-up of a shipment just checked. */
  get nextCheckSeconds(): number {
    return this.checkSeconds;
  }
}
