import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { Step, Workflow } from '../platform/db/workflow.ts';
import type { Stock } from '../platform/stock/face.ts';
import { HttpError } from '../platform/http/errors.ts';
import { CANCELLATION_WINDOW_HOURS } from '../../core/constants.ts';
import { NEXT_STATUSES, type OrderStatus, type Shipment } from '../../core/order.ts';
import type { AdminActor } from '../platform/audit/actor.ts';
import { PAYMENT_MESSAGES } from '../../core/contracts/payments.ts';
import { orderItems, orders, orderStatusEvents } from './schema.ts';
import type { OrderRecord, OrderRow } from './present.ts';

export const NOT_CANCELLABLE_MESSAGE = 'This order can no longer be cancelled.';

export type Actor = 'shopper' | 'shop' | 'system';

/** A change made from the back office: the admin who made it, and their reason where one is required. */
export interface AdminChange {
  actor: AdminActor;
  reason?: string;
}

/** One order moving one step along NEXT_STATUSES; `record` is the order as it is after the move. */
export class ChangingStatus {
  record!: OrderRecord;

  constructor(
    readonly order: OrderRow,
    readonly status: OrderStatus,
    readonly actor: Actor,
    /** The courier and tracking going with 'shipped'. */
    readonly shipment?: Shipment,
    /** Set when an admin makes the change (actor 'shop'): it is audited and mailed. */
    readonly admin?: AdminChange,
  ) {}

  get cancelling(): boolean {
    return this.status === 'cancelled';
  }
}

/**
 * Refuses a move the lifecycle does not allow, before any write: a step NEXT_STATUSES lacks, or a prepaid order
 * moving past 'placed' unpaid (nothing is packed or shipped unpaid).
 */
export function checkMove({ order, status, cancelling }: ChangingStatus): void {
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

/**
 * The workflows that move an order (decision 0025). Moving it along:
 *
 *   moveStatus → loadRecord → `afterEach`
 *
 * Delivering it:
 *
 *   moveStatus → loadRecord → `onDelivered` (other modules' steps: reviews schedules its review request) →
 *   `afterEach`
 *
 * Cancelling it (a shopper only within the window of spec section 9):
 *
 *   moveStatus → loadRecord → releaseStock (stock) → `onCancel` (the cancellation mail, a refund…) →
 *   loadRecord again, so the answer shows what `onCancel` did (a refund started) → `afterEach`
 *
 * `afterEach` are the back office's steps (the audit entry, the shopper's mail), which act only on an admin's
 * change. `onDelivered` is read when the workflow runs, so steps added after the workflows are made take part.
 */
export function statusWorkflows(
  stock: Pick<Stock, 'releaseStock'>,
  /** Read at each cancellation: other modules' steps are contributed once every module is created. */
  onCancel: () => readonly Step<ChangingStatus>[],
  onDelivered: readonly Step<ChangingStatus>[] = [],
  afterEach: readonly Step<ChangingStatus>[] = [],
): { advance: Workflow<ChangingStatus>; deliver: Workflow<ChangingStatus>; cancel: Workflow<ChangingStatus> } {
  const common = [moveStatus, loadRecord];
  const releaseStock: Step<ChangingStatus> = {
    name: 'releaseStock',
    run: (tx, { record }) =>
      stock.releaseStock(tx, record.items, { kind: 'cancellation', orderId: record.order.orderId }),
  };
  return {
    advance: { name: 'advanceOrder', steps: [...common, ...afterEach] },
    deliver: {
      name: 'deliverOrder',
      get steps() {
        return [...common, ...onDelivered, ...afterEach];
      },
    },
    cancel: {
      name: 'cancelOrder',
      get steps() {
        return [...common, releaseStock, ...onCancel(), loadRecord, ...afterEach];
      },
    },
  };
}

/** Conditional on the status read before, so two concurrent changes cannot both apply; the move is recorded. */
const moveStatus: Step<ChangingStatus> = {
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

/** The order after the move, with its lines and its whole timeline. */
const loadRecord: Step<ChangingStatus> = {
  name: 'loadRecord',
  async run(tx: Db, change) {
    const id = change.order.id;
    const [[order], items, events] = await Promise.all([
      tx.select().from(orders).where(eq(orders.id, id)),
      tx.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(orderItems.position),
      tx
        .select()
        .from(orderStatusEvents)
        .where(eq(orderStatusEvents.orderId, id))
        .orderBy(orderStatusEvents.at, orderStatusEvents.id),
    ]);
    change.record = { order: order!, items, events };
  },
};
