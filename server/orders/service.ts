import type { OrderPaymentHistory } from '../../core/contracts/admin-orders.ts';
import type { JobDeclaration } from '../platform/kernel/index.ts';
import { ordersAtAGlance, type OrdersAtAGlance } from './dashboard.ts';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../platform/db/client.ts';
import type { Accounts } from '../platform/auth/face.ts';
import type { MailOutbox } from '../platform/mail/face.ts';
import type { DeliveredOrder, OrderBook } from '../platform/orders/face.ts';
import { ORDER_CONFIRMATION_JOB } from './confirmation.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { Order, TrackedOrder } from '../../core/order.ts';
import {
  ORDERS_CSV_MAX_ORDERS,
  type AdminOrder,
  type AdminOrderFilters,
  type AdminOrderList,
  type AdminOrderListQuery,
} from '../../core/contracts/admin-orders.ts';
import { listPage, listRows } from './admin-list.ts';
import { ordersCsv } from './csv.ts';
import { USER_ORDERS_MAX } from '../../core/contracts/orders.ts';
import { orderItems, orders, orderStatusEvents } from './schema.ts';
import { knownShapeOrderId } from './order-id.ts';
import {
  presentAdminOrder,
  presentOrder,
  presentTracked,
  trackingOf,
  type OrderRecord,
  type OrderRow,
  type TrackingReaders,
} from './present.ts';
import { orderPlacedMail } from './mails.ts';

export const TRACK_NOT_FOUND_MESSAGE = 'No order matches this order id and e-mail address.';
export const NOT_FOUND_MESSAGE = 'Order not found';

export interface OrderServiceOptions {
  database: Database;
  auth: Accounts;
  outbox: MailOutbox;
  mediaBaseUrl: string;
  shopName: string;
  origin: string;
  /** An order's payments by its row id (extension point `orderDetail.payments`): none without a payments module. */
  paymentHistory?: readonly ((orderRowId: string) => Promise<OrderPaymentHistory>)[];
  /** The courier's scans (extension point `orderDetail.tracking`): none without a shipping module. */
  tracking?: TrackingReaders;
}

/**
 * Listing and tracking orders, and the back office's list; placing one is the placeOrder flow's, moving one along
 * its lifecycle the orderStatus flow's (with OrderLifecycle, lifecycle.ts).
 */
export class OrderService implements OrderBook {
  constructor(private readonly options: OrderServiceOptions) {}

  /** Whether the shopper has a delivered order of the product (a review's 'Verified purchase'). */
  async hasDelivered(userId: string, productId: string, db: Db = this.db): Promise<boolean> {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(and(eq(orders.userId, userId), eq(orders.status, 'delivered'), eq(orderItems.productId, productId)))
      .limit(1);
    return row !== undefined;
  }

  /** A delivered order by its row id; undefined when it is gone or not delivered. */
  async deliveredOrder(id: string): Promise<DeliveredOrder | undefined> {
    const record = await this.findRecord(and(eq(orders.id, id), eq(orders.status, 'delivered')));
    if (!record) return undefined;
    const { order } = record;
    const items = new Map<string, string>();
    for (const item of record.items) {
      if (item.productId && !items.has(item.productId)) items.set(item.productId, item.title);
    }
    return {
      id: order.id,
      orderId: order.orderId,
      userId: order.userId,
      email: order.email,
      items: [...items].map(([productId, title]) => ({ productId, title })),
    };
  }

  private get db() {
    return this.options.database.db;
  }

  /** Runs the orders module's jobs: the confirmation mail of a placed order (confirmation.ts). */
  jobs(): JobDeclaration[] {
    return [
      {
        kind: ORDER_CONFIRMATION_JOB,
        run: async ({ key: orderId }) => {
          await this.mailConfirmation(orderId);
          return { done: true };
        },
      },
    ];
  }

  /** An order's payment attempts and events for its back-office page, by its row id. */
  async paymentHistoryOf(orderRowId: string): Promise<OrderPaymentHistory> {
    const [history] = this.options.paymentHistory ?? [];
    return history ? history(orderRowId) : { attempts: [], events: [], refunds: [] };
  }

  /** The shopper's orders, newest first. */
  async listForUser(userId: string): Promise<Order[]> {
    const rows = await this.db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(USER_ORDERS_MAX);
    return (await this.withDetails(rows)).map((record) => presentOrder(record, this.options.mediaBaseUrl));
  }

  /** One of the shopper's orders; someone else's order is 'not found', like a missing one. */
  async getForUser(userId: string, orderId: string): Promise<Order> {
    const id = knownShapeOrderId(orderId);
    const record = id ? await this.findRecord(and(eq(orders.orderId, id), eq(orders.userId, userId))) : undefined;
    if (!record) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return presentOrder(record, this.options.mediaBaseUrl);
  }

  /** The back office's list: a page of the filtered orders, newest first, and how many match. */
  adminList(query: AdminOrderListQuery): Promise<AdminOrderList> {
    return listPage(this.db, query);
  }

  /** Today's and this month's sales, and the orders that wait on someone: for the dashboard. */
  atAGlance(): Promise<OrdersAtAGlance> {
    return ordersAtAGlance(this.db);
  }

  /** Every order matching the filters, as a CSV file; more than `maxOrders` is a 409 (the document's bound). */
  async adminCsv(filters: AdminOrderFilters, maxOrders = ORDERS_CSV_MAX_ORDERS): Promise<string> {
    const rows = await listRows(this.db, filters, { limit: maxOrders + 1, offset: 0 });
    if (rows.length > maxOrders)
      throw new HttpError(409, `More than ${maxOrders} orders match: narrow the filters, such as the dates.`);
    return ordersCsv(rows);
  }

  /** One order as the back office shows it; 404 when there is none. */
  async adminOrder(orderId: string): Promise<AdminOrder> {
    const id = knownShapeOrderId(orderId);
    const record = id ? await this.findRecord(eq(orders.orderId, id)) : undefined;
    if (!record) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return presentAdminOrder(record, this.options.mediaBaseUrl);
  }

  /** Tracking by order id and e-mail: a wrong e-mail is 'not found' like a wrong id, so nothing leaks. */
  async track(orderId: string, email: string): Promise<TrackedOrder> {
    const address = email.toLowerCase();
    const id = knownShapeOrderId(orderId);
    const byEmail = or(eq(orders.email, address), sql`lower(${orders.shippingAddress}->>'email') = ${address}`);
    const record = id ? await this.findRecord(and(eq(orders.orderId, id), byEmail)) : undefined;
    if (!record) throw new HttpError(404, TRACK_NOT_FOUND_MESSAGE);
    return presentTracked(record);
  }

  private async mailConfirmation(orderId: string): Promise<void> {
    const record = await this.findRecord(eq(orders.orderId, orderId));
    if (!record) return; // nothing to confirm: the order is gone
    const fullName = (await this.options.auth.buyer(record.order.userId))?.fullName ?? '';
    await this.options.outbox.enqueue(orderPlacedMail(record, this.mailContext(fullName)));
  }

  private mailContext(fullName: string) {
    return { shopName: this.options.shopName, origin: this.options.origin, fullName };
  }

  private async findRecord(where: ReturnType<typeof and>): Promise<OrderRecord | undefined> {
    const rows = await this.db.select().from(orders).where(where);
    return (await this.withDetails(rows))[0];
  }

  /** Loads the lines, status events and courier scans of many orders in three queries. */
  private async withDetails(rows: OrderRow[]): Promise<OrderRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [items, events, tracking] = await Promise.all([
      this.db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(orderItems.position),
      this.db
        .select()
        .from(orderStatusEvents)
        .where(inArray(orderStatusEvents.orderId, ids))
        .orderBy(orderStatusEvents.at, orderStatusEvents.id),
      trackingOf(this.options.tracking ?? [], this.db, ids),
    ]);
    return rows.map((order) => ({
      order,
      items: items.filter((item) => item.orderId === order.id),
      events: events.filter((event) => event.orderId === order.id),
      tracking: tracking.get(order.id) ?? [],
    }));
  }
}
