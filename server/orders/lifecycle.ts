import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { Step } from '../platform/db/workflow.ts';
import type { Accounts } from '../platform/auth/face.ts';
import type { AuditTrail } from '../platform/audit/face.ts';
import type { MailOutbox } from '../platform/mail/face.ts';
import type { OrderMoves, TrackingNews } from '../platform/orders/face.ts';
import { HttpError } from '../platform/http/errors.ts';
import { CANCELLATION_WINDOW_HOURS } from '../../core/constants.ts';
import type { AdminOrder } from '../../core/contracts/admin-orders.ts';
import { NEXT_STATUSES, type Order, type OrderStatus } from '../../core/order.ts';
import { PAYMENT_MESSAGES } from '../../core/contracts/payments.ts';
import { orderItems, orders, orderStatusEvents } from './schema.ts';
import { knownShapeOrderId } from './order-id.ts';
import {
  presentAdminOrder,
  presentOrder,
  shipmentOf,
  trackingOf,
  type OrderMove,
  type OrderRecord,
  type OrderRow,
  type TrackingReaders,
} from './present.ts';
import { orderCancelledMail, orderStatusMail, orderTrackingMail } from './mails.ts';
import { auditEntryOf } from './admin-audit.ts';
import { NOT_FOUND_MESSAGE } from './service.ts';

export const NOT_CANCELLABLE_MESSAGE = 'This order can no longer be cancelled.';

export interface OrderLifecycleOptions {
  db: Db;
  auth: Pick<Accounts, 'buyer'>;
  outbox: MailOutbox;
  /** The back office's log: an admin's change writes its entry in the change's transaction. */
  audit: Pick<AuditTrail, 'record'>;
  mediaBaseUrl: string;
  shopName: string;
  origin: string;
  /** The courier's scans (extension point `orderDetail.tracking`), read when an order is loaded. */
  tracking?: TrackingReaders;
}

/**
 * Refuses a move the lifecycle does not allow, before any write: a step NEXT_STATUSES lacks, or a prepaid order
 * moving past 'placed' unpaid (nothing is packed or shipped unpaid).
 */
export function checkMove({ order, status, cancelling }: OrderMove): void {
  if (!NEXT_STATUSES[order.status].includes(status)) {
    throw new HttpError(
      409,
      cancelling ? NOT_CANCELLABLE_MESSAGE : `An order that is ${order.status} cannot become ${status}.`,
    );
  }
  if (needsPayment(order, status) && order.paymentStatus !== 'paid') {
    throw new HttpError(409, PAYMENT_MESSAGES.notPaidYet);
  }
}

const needsPayment = (order: OrderRow, status: OrderStatus) =>
  status !== 'cancelled' && order.paymentMethod === 'prepaid';

/** Conditional on the status read before, so two concurrent changes cannot both apply; the move is recorded. */
const moveStatus: Step<OrderMove> = {
  name: 'moveStatus',
  async run(tx, { order, status, actor, cancelling, shipment, admin }) {
    const withinWindow = sql`${orders.createdAt} > now() - make_interval(hours => ${CANCELLATION_WINDOW_HOURS})`;
    const [updated] = await tx
      .update(orders)
      .set({
        status,
        updatedAt: sql`now()`,
        // Cash on delivery is paid when the parcel is handed over.
        ...(status === 'delivered' && order.paymentMethod === 'cod'
          ? { paymentStatus: 'paid' as const, paidAt: sql`now()` }
          : {}),
        ...shipment,
      })
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.status, order.status),
          cancelling && actor === 'shopper' ? withinWindow : undefined,
          needsPayment(order, status) ? eq(orders.paymentStatus, 'paid') : undefined,
        ),
      )
      .returning({ id: orders.id });
    if (!updated) {
      throw new HttpError(409, cancelling ? NOT_CANCELLABLE_MESSAGE : 'The order changed meanwhile. Please reload.');
    }
    await tx.insert(orderStatusEvents).values({ orderId: order.id, status, actor, adminEmail: admin?.actor.email });
  },
};

/** An order with its lines, its whole timeline and its courier scans, read in `tx`. */
async function loadOrderRecord(tx: Db, tracking: TrackingReaders, id: string): Promise<OrderRecord> {
  const [[order], items, events, scans] = await Promise.all([
    tx.select().from(orders).where(eq(orders.id, id)),
    tx.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(orderItems.position),
    tx
      .select()
      .from(orderStatusEvents)
      .where(eq(orderStatusEvents.orderId, id))
      .orderBy(orderStatusEvents.at, orderStatusEvents.id),
    trackingOf(tracking, tx, [id]),
  ]);
  return { order: order!, items, events, tracking: scans.get(id) ?? [] };
}

/**
 * The orders module's part in moving an order along its lifecycle (decision 0063): the workflows are the
 * orderStatus flow's (server/flows/order-status.ts); these are their steps on the orders module's tables, and the
 * order found before and shown after.
 */
export class OrderLifecycle implements OrderMoves {
  constructor(private readonly options: OrderLifecycleOptions) {}

  /** One of the shopper's orders; someone else's order is 'not found', like a missing one. */
  async shopperOrder(userId: string, orderId: string): Promise<OrderRow> {
    const id = knownShapeOrderId(orderId);
    const [order] = id
      ? await this.options.db
          .select()
          .from(orders)
          .where(and(eq(orders.orderId, id), eq(orders.userId, userId)))
      : [];
    if (!order) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return order;
  }

  async orderByPublicId(orderId: string): Promise<OrderRow> {
    const id = knownShapeOrderId(orderId);
    const [order] = id ? await this.options.db.select().from(orders).where(eq(orders.orderId, id)) : [];
    if (!order) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return order;
  }

  checkMove(change: OrderMove): void {
    checkMove(change);
  }

  readonly moveStatus = moveStatus;
  /** The order after the move, with its lines, its whole timeline and its courier scans. */
  readonly loadRecord: Step<OrderMove> = {
    name: 'loadRecord',
    run: async (tx, change) => {
      change.record = await loadOrderRecord(tx, this.options.tracking ?? [], change.order.id);
    },
  };

  async mailTrackingNews(tx: Db, orderRowId: string, news: TrackingNews): Promise<void> {
    const record = await loadOrderRecord(tx, this.options.tracking ?? [], orderRowId);
    const fullName = (await this.options.auth.buyer(record.order.userId, tx))?.fullName ?? '';
    await this.options.outbox.enqueue(orderTrackingMail(record, this.mailContext(fullName), news), tx);
  }

  readonly queueCancellationMail: Step<OrderMove> = {
    name: 'queueCancellationMail',
    run: async (tx, { order, record }) => {
      const fullName = (await this.options.auth.buyer(order.userId, tx))?.fullName ?? '';
      await this.options.outbox.enqueue(orderCancelledMail(record, this.mailContext(fullName)), tx);
    },
  };

  // An admin's change is audited, and mailed unless it is a cancellation (which has its mail already).
  readonly afterAdminChange: readonly Step<OrderMove>[] = [
    {
      name: 'recordAdminChange',
      run: async (tx, change) => {
        if (change.admin) await this.options.audit.record(tx, change.admin.actor, auditEntryOf(change));
      },
    },
    {
      name: 'mailStatusChange',
      run: async (tx, { admin, cancelling, order, record, status }) => {
        if (!admin || cancelling) return;
        const fullName = (await this.options.auth.buyer(order.userId, tx))?.fullName ?? '';
        const mail = orderStatusMail(record, this.mailContext(fullName), status, shipmentOf(record.order));
        await this.options.outbox.enqueue(mail, tx);
      },
    },
  ];

  shopperOrderOf(record: OrderRecord): Order {
    return presentOrder(record, this.options.mediaBaseUrl);
  }

  adminOrderOf(record: OrderRecord): AdminOrder {
    return presentAdminOrder(record, this.options.mediaBaseUrl);
  }

  private mailContext(fullName: string) {
    return { shopName: this.options.shopName, origin: this.options.origin, fullName };
  }
}
