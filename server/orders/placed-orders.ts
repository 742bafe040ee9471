// The orders module's part in placing an order (decision 0061): the placeOrder flow prices and reserves, this
// writes the order it made and finds one placed under an Idempotency-Key.
import { and, eq, sql } from 'drizzle-orm';
import { executePrepared, type Db } from '../platform/db/client.ts';
import type { JobScheduler } from '../platform/work/jobs.ts';
import type { NewOrder, NewOrderLine, PlacedOrders } from '../platform/orders/face.ts';
import { orders } from './schema.ts';
import { ORDER_CONFIRMATION_JOB } from './confirmation.ts';
import { newOrderId } from './order-id.ts';

export function placedOrders(db: Db, jobs: JobScheduler): PlacedOrders {
  return {
    newOrderId,
    write: writeOrder,
    async byIdempotencyKey(userId, key) {
      const [row] = await db
        .select({ orderId: orders.orderId, fingerprint: orders.idempotencyFingerprint })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
      return row;
    },
    // The mail is rendered and queued by a job, off the shopper's request, yet certain once this commits.
    scheduleConfirmation: (tx, orderId) =>
      jobs.schedule({ kind: ORDER_CONFIRMATION_JOB, key: orderId, inSeconds: 0 }, tx),
  };
}

/** The order, its lines and its first status in one statement, inside the workflow's transaction. */
async function writeOrder(
  tx: Db,
  order: NewOrder,
  lines: readonly NewOrderLine[],
  expiresIn: number | null,
): Promise<void> {
  const lineValues = sql.join(
    lines.map(
      (line, position) =>
        sql`(${line.productId}::uuid, ${line.title}, ${line.image}::text, ${line.unitPricePaise}::int, ${line.quantity}::int, ${position}::int)`,
    ),
    sql`, `,
  );
  await executePrepared(
    tx,
    `write-order-${lines.length}`,
    sql`
    with new_order as (
      insert into orders (order_id, user_id, email, payment_method, items_price_paise, shipping_price_paise,
        total_price_paise, shipping_address, idempotency_key, idempotency_fingerprint, payment_expires_at)
      values (${order.orderId}, ${order.userId}::uuid, ${order.email}, ${order.paymentMethod},
        ${order.itemsPricePaise}::int, ${order.shippingPricePaise}::int, ${order.totalPricePaise}::int,
        ${JSON.stringify(order.shippingAddress)}::jsonb, ${order.idempotencyKey}::text,
        ${order.idempotencyFingerprint}::text, now() + make_interval(secs => ${expiresIn}::int))
      returning id
    ),
    new_lines as (
      insert into order_items (order_id, product_id, title, image, unit_price_paise, quantity, position)
      select new_order.id, line.* from new_order, (values ${lineValues}) as line
    )
    insert into order_status_events (order_id, status, actor) select id, 'placed', 'shopper' from new_order`,
  );
}
