import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { releaseStock } from '../catalog/index.ts';
import { CANCELLATION_WINDOW_HOURS } from '../../core/constants.ts';
import { NEXT_STATUSES, type OrderStatus } from '../../core/order.ts';
import { PAYMENT_MESSAGES } from '../../core/contracts/payments.ts';
import { orderItems, orders, orderStatusEvents } from './schema.ts';
import type { OrderRecord, OrderRow } from './present.ts';

export const NOT_CANCELLABLE_MESSAGE = 'This order can no longer be cancelled.';

export type Actor = 'shopper' | 'shop' | 'system';

/**
 * Moves an order one step along NEXT_STATUSES and records the step with its time. A shopper may cancel only
 * within the window of spec section 9; a cancellation puts the stock back (catalogue) and queues `cancellationMail`, in the same transaction.
 */
export async function changeStatus(
  db: Db,
  order: OrderRow,
  status: OrderStatus,
  actor: Actor,
  { cancellationMail }: { cancellationMail: (record: OrderRecord, tx: Db) => Promise<void> },
): Promise<OrderRecord> {
  const cancelling = status === 'cancelled';
  if (!NEXT_STATUSES[order.status].includes(status)) {
    throw new HttpError(
      409,
      cancelling ? NOT_CANCELLABLE_MESSAGE : `An order that is ${order.status} cannot become ${status}.`,
    );
  }
  // A prepaid order waits at 'placed' until its payment arrives: nothing is packed or shipped unpaid.
  const needsPayment = !cancelling && order.paymentMethod === 'prepaid';
  if (needsPayment && order.paymentStatus !== 'paid') throw new HttpError(409, PAYMENT_MESSAGES.notPaidYet);
  const withinWindow = sql`${orders.createdAt} > now() - make_interval(hours => ${CANCELLATION_WINDOW_HOURS})`;
  const record = await db.transaction(async (tx) => {
    // Conditional on the status read before, so two concurrent changes cannot both apply.
    const [updated] = await tx
      .update(orders)
      .set({
        status,
        updatedAt: sql`now()`,
        // Cash on delivery is paid when the parcel is handed over.
        ...(status === 'delivered' && order.paymentMethod === 'cod'
          ? { paymentStatus: 'paid' as const, paidAt: sql`now()` }
          : {}),
      })
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.status, order.status),
          cancelling && actor === 'shopper' ? withinWindow : undefined,
          needsPayment ? eq(orders.paymentStatus, 'paid') : undefined,
        ),
      )
      .returning();
    if (!updated) return null;
    await tx.insert(orderStatusEvents).values({ orderId: order.id, status, actor });
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    if (cancelling) await releaseStock(tx, items);
    const events = await tx
      .select()
      .from(orderStatusEvents)
      .where(eq(orderStatusEvents.orderId, order.id))
      .orderBy(orderStatusEvents.at, orderStatusEvents.id);
    const changed: OrderRecord = { order: updated, items, events };
    if (cancelling) await cancellationMail(changed, tx);
    return changed;
  });
  if (!record) {
    throw new HttpError(409, cancelling ? NOT_CANCELLABLE_MESSAGE : 'The order changed meanwhile. Please reload.');
  }
  return record;
}
