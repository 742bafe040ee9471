import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { orders } from './schema.ts';

/** What the back office's dashboard shows of the orders: today, this month, and what waits on someone. */
export interface OrdersAtAGlance {
  today: { orders: number; revenuePaise: number };
  thisMonth: { orders: number; revenuePaise: number };
  /** Prepaid orders whose payment may still complete (pending or failed, not expired). */
  paymentsAwaiting: number;
  /** Cancelled paid orders whose refund is not through yet, or failed. */
  refundsDue: number;
  /** Payments whose amount differs from the order's: someone must look. */
  paymentsToReview: number;
}

/** India's day and month, whatever the database's time zone: the shop's days. */
const startOfIndianDay = sql`(date_trunc('day', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata')`;
const startOfIndianMonth = sql`(date_trunc('month', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata')`;

/** An order that counts as a sale: not cancelled, and cash on delivery or paid. */
const sold = sql`${orders.status} <> 'cancelled' and (${orders.paymentMethod} = 'cod' or ${orders.paymentStatus} = 'paid')`;

/** One pass over this month's orders and the few that wait on someone. */
export async function ordersAtAGlance(db: Db): Promise<OrdersAtAGlance> {
  const [row] = await db
    .select({
      todayOrders: sql<number>`count(*) filter (where ${orders.createdAt} >= ${startOfIndianDay} and ${sold})::int`,
      todayPaise: sql<number>`coalesce(sum(${orders.totalPricePaise}) filter (where ${orders.createdAt} >= ${startOfIndianDay} and ${sold}), 0)::bigint`,
      monthOrders: sql<number>`count(*) filter (where ${orders.createdAt} >= ${startOfIndianMonth} and ${sold})::int`,
      monthPaise: sql<number>`coalesce(sum(${orders.totalPricePaise}) filter (where ${orders.createdAt} >= ${startOfIndianMonth} and ${sold}), 0)::bigint`,
    })
    .from(orders)
    .where(sql`${orders.createdAt} >= least(${startOfIndianMonth}, ${startOfIndianDay})`);
  const [waiting] = await db
    .select({
      paymentsAwaiting: sql<number>`count(*) filter (where ${orders.paymentStatus} in ('pending', 'failed') and ${orders.status} <> 'cancelled' and ${orders.paymentExpiresAt} > now())::int`,
      refundsDue: sql<number>`count(*) filter (where ${orders.paymentStatus} in ('refund_pending', 'refund_failed'))::int`,
      paymentsToReview: sql<number>`count(*) filter (where ${orders.paymentStatus} = 'review')::int`,
    })
    .from(orders)
    .where(
      sql`${orders.paymentMethod} = 'prepaid' and ${orders.paymentStatus} in ('pending', 'failed', 'refund_pending', 'refund_failed', 'review')`,
    );
  return {
    today: { orders: row!.todayOrders, revenuePaise: Number(row!.todayPaise) },
    thisMonth: { orders: row!.monthOrders, revenuePaise: Number(row!.monthPaise) },
    paymentsAwaiting: waiting!.paymentsAwaiting,
    refundsDue: waiting!.refundsDue,
    paymentsToReview: waiting!.paymentsToReview,
  };
}
