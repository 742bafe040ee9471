import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import type { OrderAddress } from '../../core/order.ts';
import type { ReservedLine } from './stock.ts';
import { sqlState } from '../http/errors.ts';

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
  idempotencyFingerprint: string | null;
}

/** The order row, inserted from `source` (a CTE that yields one row when the order may be written). */
const newOrder = (order: NewOrder, source: SQL) => sql`
  new_order as (
    insert into orders (order_id, user_id, email, payment_method, items_price_paise, shipping_price_paise,
      total_price_paise, shipping_address, idempotency_key, idempotency_fingerprint)
    select ${order.orderId}, ${order.userId}::uuid, ${order.email}, ${order.paymentMethod},
      ${order.itemsPricePaise}::int, ${order.shippingPricePaise}::int, ${order.totalPricePaise}::int,
      ${JSON.stringify(order.shippingAddress)}::jsonb, ${order.idempotencyKey}::text,
      ${order.idempotencyFingerprint}::text
    from ${source}
    returning id
  )`;

/** The first status; for cash on delivery also the emptied server cart and the queued confirmation mail. */
const afterOrder = (order: NewOrder, mail: OutgoingMail | null) => sql`,
  first_status as (
    insert into order_status_events (order_id, status, actor) select id, 'placed', 'shopper' from new_order
  )${
    mail
      ? sql`,
  emptied_cart as (delete from cart_items where user_id = ${order.userId}::uuid),
  queued_mail as (
    insert into mail_outbox ("to", subject, text, html) values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html})
  )`
      : sql``
  }`;

/** Writes an order whose lines are already reserved (reserveStock), inside the caller's transaction. */
export async function insertOrder(tx: Db, order: NewOrder, lines: ReservedLine[], mail: OutgoingMail | null) {
  const lineValues = sql.join(
    lines.map(
      (line, position) =>
        sql`(${line.productId}::uuid, ${line.title}, ${line.image}::text, ${line.unitPricePaise}::int, ${line.quantity}::int, ${position}::int)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    with ${newOrder(order, sql`(select 1) as always`)},
    new_lines as (
      insert into order_items (order_id, product_id, title, image, unit_price_paise, quantity, position)
      select new_order.id, line.* from new_order, (values ${lineValues}) as line
    )${afterOrder(order, mail)}
    select 1`);
}

/**
 * The whole order in one statement, for the common case: the buyer is verified and every line is in stock at
 * the price and title the catalogue showed (the mail and totals were made from those). The statement reserves stock in product-id
 * lock order, and if any line falls short or changed it divides by zero, which undoes all of it. Returns
 * false then, and the caller takes the transactional path that says what went wrong.
 */
export async function placeOrderAtOnce(
  database: Database,
  order: NewOrder,
  lines: ReservedLine[],
  mail: OutgoingMail | null,
): Promise<boolean> {
  const wanted = sql.join(
    lines.map(
      (line, position) =>
        sql`(${line.productId}::uuid, ${line.quantity}::int, ${line.unitPricePaise}::int, ${line.title}::text, ${position}::int)`,
    ),
    sql`, `,
  );
  try {
    // Prepared per shape: the SQL text depends only on the number of lines and on whether a mail goes out.
    await database.runPrepared(
      `place-order-${lines.length}${mail ? '-mail' : ''}`,
      sql`
      with wanted (id, quantity, price, title, position) as (values ${wanted}),
      verified_buyer as (select 1 from users where id = ${order.userId}::uuid and email_verified_at is not null),
      locked as materialized (
        select p.id from products p join wanted w on w.id = p.id
        where exists (select 1 from verified_buyer)
        order by p.id for no key update of p
      ),
      reserved as (
        update products p set count_in_stock = p.count_in_stock - w.quantity, updated_at = now()
        from wanted w, locked l
        where p.id = w.id and l.id = p.id
          and p.count_in_stock >= w.quantity and p.price_paise = w.price and p.title = w.title
        returning p.id, p.title, p.images->>0 as image, p.price_paise, w.quantity, w.position
      ),
      complete as materialized (select 1 / (count(*) = ${lines.length})::int as ok from reserved),
      ${newOrder(order, sql`complete`)},
      new_lines as (
        insert into order_items (order_id, product_id, title, image, unit_price_paise, quantity, position)
        select new_order.id, r.id, r.title, r.image, r.price_paise, r.quantity, r.position from new_order, reserved r
      )${afterOrder(order, mail)}
      select 1`,
    );
    return true;
  } catch (error) {
    if (sqlState(error) === DIVISION_BY_ZERO) return false;
    throw error;
  }
}

const DIVISION_BY_ZERO = '22012';
