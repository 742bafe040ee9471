// The tracking flow (issue 34, decision 0074): a courier's scan crosses the shipping, orders, stock, payments and
// reviews modules, so it lives above them and calls each through its face.
import type { Database, Db } from '../platform/db/client.ts';
import { runSteps, runWorkflow, type Step } from '../platform/db/workflow.ts';
import type { Stock } from '../platform/stock/face.ts';
import type { OrderMoves, OrderPayments, OrderStatusChange } from '../platform/orders/face.ts';
import type { ScanApplier, ShipmentBook, TrackedShipment, TrackingScan } from '../platform/shipping/face.ts';
import type { OrderStatus, TrackingStatus } from '../../core/order.ts';
import { trackingStatusOf } from '../../core/tracking.ts';
import { ChangingStatus } from './order-status.ts';

export interface ApplyScanOptions {
  database: Database;
  shipments: ShipmentBook;
  orders: Pick<OrderPayments, 'lockedById'>;
  moves: OrderMoves;
  stock: Pick<Stock, 'releaseStock'>;
  /** Cancelling's steps of other modules (`cancelOrder.refund`: payments refunds a paid order), read at each return. */
  refundSteps: readonly Step<OrderStatusChange>[];
  /** Delivering's steps of other modules (`deliverOrder.steps`: reviews), read at each delivery. */
  deliveredSteps: readonly Step<OrderStatusChange>[];
  log: (message: string) => void;
}

/** One scan being applied: the shipment it is of, locked, and what recording it did. */
class ApplyingScan {
  shipment: TrackedShipment | null = null;
  recorded: 'repeat' | 'newest' | 'older' = 'repeat';

  constructor(
    readonly awb: string,
    readonly scan: TrackingScan,
    readonly status: TrackingStatus,
    /** The last of the scans handed over together: only it mails "out for delivery" (a catch-up's are old news). */
    readonly last: boolean,
  ) {}
}

/** What the newest scan of a status does to the order: the status it moves to, or only a mail. */
const ORDER_MOVES: Partial<Record<TrackingStatus, 'delivered' | 'returned'>> = {
  delivered: 'delivered',
  rto_delivered: 'returned',
};

/**
 * Applying a scan, in one transaction:
 *
 *   lockShipment (shipping) → recordScan (shipping: once per AWB, status id and time) → the order's move when the
 *   scan is the newest: delivered → moveStatus, loadRecord, `deliverOrder.steps`, the mail (orders); returned to
 *   origin → moveStatus, loadRecord, releaseStock (stock, `return_to_origin`), `cancelOrder.refund` (payments),
 *   loadRecord, the mail; out for delivery → the mail only.
 *
 * A scan older than the newest applied only joins the list; a delivered, returned or cancelled order never moves.
 */
export class ApplyScans implements ScanApplier {
  constructor(private readonly options: ApplyScanOptions) {}

  async applyScans(awb: string, scans: readonly TrackingScan[]): Promise<void> {
    const inOrder = [...scans].sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const [index, scan] of inOrder.entries()) {
      const status = trackingStatusOf(scan.statusId);
      if (status === 'other')
        this.options.log(`Tracking: Shiprocket status id ${scan.statusId} (AWB ${awb}) is new to the shop`);
      const applying = new ApplyingScan(awb, scan, status, index === inOrder.length - 1);
      await runWorkflow(this.options.database, this.workflow, applying);
    }
  }

  private readonly workflow = {
    name: 'applyScan',
    steps: [
      {
        name: 'lockShipment',
        run: async (tx: Db, applying: ApplyingScan) => {
          applying.shipment = await this.options.shipments.lockByAwb(tx, applying.awb);
          if (!applying.shipment)
            this.options.log(`Tracking: a scan of AWB ${applying.awb}, which the shop did not ship`);
        },
      },
      {
        name: 'recordScan',
        run: async (tx: Db, applying: ApplyingScan) => {
          if (!applying.shipment) return;
          applying.recorded = await this.options.shipments.recordScan(
            tx,
            applying.shipment,
            applying.scan,
            applying.status,
          );
        },
      },
      { name: 'moveOrder', run: (tx: Db, applying: ApplyingScan) => this.moveOrder(tx, applying) },
    ],
  };

  private async moveOrder(tx: Db, { shipment, recorded, status, last }: ApplyingScan): Promise<void> {
    if (!shipment || recorded !== 'newest') return;
    const { moves } = this.options;
    const order = await this.options.orders.lockedById(shipment.orderId, tx);
    if (!order) return;
    const next = ORDER_MOVES[status];
    if (next) {
      const change = new ChangingStatus(order, next, 'system');
      if (!this.allowed(change)) return;
      await runSteps(
        tx,
        { name: next === 'delivered' ? 'deliverOrder' : 'returnOrder', steps: this.stepsTo(next) },
        change,
      );
      await moves.mailTrackingNews(tx, order.id, next);
    } else if (status === 'out_for_delivery' && last && order.status === 'shipped') {
      await moves.mailTrackingNews(tx, order.id, 'out_for_delivery');
    }
  }

  /** The orders module's rule of moves (NEXT_STATUSES, paid before moving on): a move it refuses is not made. */
  private allowed(change: ChangingStatus): boolean {
    try {
      this.options.moves.checkMove(change);
      return true;
    } catch {
      this.options.log(
        `Tracking: order ${change.order.orderId} is ${change.order.status}, not moved to ${change.status}`,
      );
      return false;
    }
  }

  private stepsTo(status: OrderStatus): Step<ChangingStatus>[] {
    const { moves, stock } = this.options;
    if (status === 'delivered') return [moves.moveStatus, moves.loadRecord, ...this.options.deliveredSteps];
    const releaseStock: Step<ChangingStatus> = {
      name: 'releaseStock',
      run: (tx, { record }) =>
        stock.releaseStock(tx, record.items, { kind: 'return_to_origin', orderId: record.order.orderId }),
    };
    return [moves.moveStatus, moves.loadRecord, releaseStock, ...this.options.refundSteps, moves.loadRecord];
  }
}
