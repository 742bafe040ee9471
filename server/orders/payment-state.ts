import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { Statement } from '../platform/db/statement.ts';
import { AWAITING_PAYMENT, type PaymentStatus } from '../../core/contracts/payments.ts';
import type { OrderLine, OrderPayments, PaymentOrder } from '../platform/orders/face.ts';
import { orderItems, orders, orderStatusEvents } from './schema.ts';
import { knownShapeOrderId } from './order-id.ts';

const columns = {
  id: orders.id,
  orderId: orders.orderId,
  userId: orders.userId,
  email: orders.email,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  status: orders.status,
  totalPricePaise: orders.totalPricePaise,
  paymentExpiresAt: orders.paymentExpiresAt,
  paidAt: orders.paidAt,
};

const unpaidOrders = new Statement<{ userId: string }, { count: number }>('unpaid-prepaid-orders', (db) =>
  db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, sql.placeholder('userId')),
        eq(orders.paymentMethod, 'prepaid'),
        inArray(orders.paymentStatus, AWAITING_PAYMENT),
        ne(orders.status, 'cancelled'),
      ),
    ),
);

/** The two ids an order's payment is looked up by: the public one and the row's. */
const LOOKUPS = {
  byOrderId: { column: orders.orderId, name: 'payment-order-by-order-id' },
  byId: { column: orders.id, name: 'payment-order-by-id' },
};
type Lookup = keyof typeof LOOKUPS;

/** An order's payment by one of its ids, the id a placeholder, as a named prepared statement. */
const lookup = (db: Db, by: Lookup) =>
  db
    .select(columns)
    .from(orders)
    .where(eq(LOOKUPS[by].column, sql.placeholder('id')))
    .prepare(LOOKUPS[by].name);

/**
 * The orders module's side of payments (decision 0019): the payments module reads and changes an order's payment
 * only through these, each change conditional on the state it expects, so two sources learning the same fact
 * change the order once.
 */
export class OrderPaymentState implements OrderPayments {
  /** The lookups outside a transaction, built once (checkout, status checks); in one, they are built each time. */
  private readonly prepared;

  constructor(private readonly db: Db) {
    this.prepared = { byOrderId: lookup(db, 'byOrderId'), byId: lookup(db, 'byId') };
  }

  /** How many orders there are by payment method and payment state (the metrics' shop_orders, one GROUP BY). */
  async countsByPayment(): Promise<Array<{ paymentMethod: string; paymentStatus: string; count: number }>> {
    return this.db
      .select({
        paymentMethod: orders.paymentMethod,
        paymentStatus: orders.paymentStatus,
        count: sql<number>`count(*)::int`,
      })
      .from(orders)
      .groupBy(orders.paymentMethod, orders.paymentStatus);
  }

  /** By the public order id; null when there is none (or it cannot be one). */
  async byOrderId(orderId: string, db: Db = this.db): Promise<PaymentOrder | null> {
    const id = knownShapeOrderId(orderId);
    return id ? this.find('byOrderId', id, db) : null;
  }

  byId(id: string, db: Db = this.db): Promise<PaymentOrder | null> {
    return this.find('byId', id, db);
  }

  /**
   * The order, its row locked until the transaction `tx` ends: a payment's move and a cancellation (whose update
   * locks the row too) then go one after the other, each seeing what the other committed.
   */
  async lockedById(id: string, tx: Db): Promise<PaymentOrder | null> {
    const [row] = await tx.select(columns).from(orders).where(eq(orders.id, id)).for('update');
    return row ?? null;
  }

  private async find(by: Lookup, id: string, db: Db): Promise<PaymentOrder | null> {
    const [row] = await (db === this.db ? this.prepared[by] : lookup(db, by)).execute({ id });
    return row ?? null;
  }

  /** The shopper's prepaid orders awaiting payment. Sent at once. */
  async unpaidCount(userId: string, db: Db): Promise<number> {
    const [row] = await unpaidOrders.run(db, { userId });
    return row?.count ?? 0;
  }

  /**
   * Moves the payment from one of `from` to `to`; false when the order was elsewhere (another source got there
   * first). Becoming paid records the paid time once.
   */
  async move(id: string, from: readonly PaymentStatus[], to: PaymentStatus, db: Db): Promise<boolean> {
    const updated = await db
      .update(orders)
      .set({
        paymentStatus: to,
        updatedAt: sql`now()`,
        ...(to === 'paid' ? { paidAt: sql`coalesce(${orders.paidAt}, now())` } : {}),
      })
      .where(and(eq(orders.id, id), inArray(orders.paymentStatus, [...from])))
      .returning({ id: orders.id });
    return updated.length > 0;
  }

  /**
   * An unpaid order past its time, whatever its status: cancelled by the system, payment expired; its lines, whose
   * stock the expireOrder flow releases. Null when it was paid or cancelled meanwhile.
   */
  async expire(id: string, db: Db): Promise<OrderLine[] | null> {
    const [expired] = await db
      .update(orders)
      .set({ paymentStatus: 'expired', status: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(orders.id, id), inArray(orders.paymentStatus, AWAITING_PAYMENT), ne(orders.status, 'cancelled')))
      .returning({ id: orders.id, orderId: orders.orderId });
    if (!expired) return null;
    await db.insert(orderStatusEvents).values({ orderId: id, status: 'cancelled', actor: 'system' });
    return this.lines(id, db);
  }

  /**
   * A payment that completed after its order expired, its stock re-taken by the caller: the order is placed again,
   * paid.
   */
  async revive(id: string, db: Db): Promise<void> {
    const [revived] = await db
      .update(orders)
      .set({ paymentStatus: 'paid', paidAt: sql`now()`, status: 'placed', updatedAt: sql`now()` })
      .where(and(eq(orders.id, id), eq(orders.paymentStatus, 'expired')))
      .returning({ id: orders.id });
    if (!revived) throw new Error(`Order ${id} changed while it was revived`);
    await db.insert(orderStatusEvents).values({ orderId: id, status: 'placed', actor: 'system' });
  }

  lines(id: string, db: Db): Promise<OrderLine[]> {
    return db
      .select({ productId: orderItems.productId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, id));
  }
}
