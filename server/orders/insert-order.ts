import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import type { OrderAddress } from '../../core/order.ts';
import type { ReservedLine } from './stock.ts';

export interface NewOrder {
  orderId: string;
  userId: string;
  email: string;
  paymentMethod: 'prepaid' | 'cod';
  itemsPricePaise: number;
  shippingPricePaise: number;
  totalPricePaise: number;
  shippingAddress: OrderAddress;
  idempotencyKey: string | null;
}

/**
 * Writes the order, its lines and first status, and for cash on delivery empties the server cart and queues
 * the confirmation mail, in one statement: a checkout under load costs few round trips.
 */
export async function insertOrder(tx: Db, order: NewOrder, lines: ReservedLine[], mail: OutgoingMail | null) {
  const lineValues = sql.join(
    lines.map(
      (line, position) =>
        sql`(${line.productId}::uuid, ${line.title}, ${line.image}::text, ${line.unitPricePaise}::int, ${line.quantity}::int, ${position}::int)`,
    ),
    sql`, `,
  );
  const placedNow = mail
    ? sql`,
      emptied_cart as (delete from cart_items where user_id = ${order.userId}::uuid),
      queued_mail as (
        insert into mail_outbox ("to", subject, text, html)
        values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html})
      )`
    : sql``;
  await tx.execute(sql`
    with new_order as (
      insert into orders (order_id, user_id, email, payment_method, items_price_paise, shipping_price_paise,
        total_price_paise, shipping_address, idempotency_key)
      values (${order.orderId}, ${order.userId}::uuid, ${order.email}, ${order.paymentMethod},
        ${order.itemsPricePaise}::int, ${order.shippingPricePaise}::int, ${order.totalPricePaise}::int,
        ${JSON.stringify(order.shippingAddress)}::jsonb, ${order.idempotencyKey}::text)
      returning id
    ),
    new_lines as (
      insert into order_items (order_id, product_id, title, image, unit_price_paise, quantity, position)
      select new_order.id, line.* from new_order, (values ${lineValues}) as line
    ),
    first_status as (
      insert into order_status_events (order_id, status, actor) select id, 'placed', 'shopper' from new_order
    )${placedNow}
    select 1`);
}
