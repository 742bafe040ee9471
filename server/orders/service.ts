import type { OrderPaymentHistory } from '../../core/contracts/admin-orders.ts';
import type { JobDeclaration } from '../platform/kernel/index.ts';
import { ordersAtAGlance, type OrdersAtAGlance } from './dashboard.ts';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../platform/db/client.ts';
import { runWorkflow, type Step } from '../platform/db/workflow.ts';
import type { Accounts } from '../platform/auth/face.ts';
import type { Stock } from '../platform/stock/face.ts';
import type { MailOutbox } from '../platform/mail/face.ts';
import type { AuditTrail } from '../platform/audit/face.ts';
import type { DeliveredOrder, OrderBook, OrderStatusChange } from '../platform/orders/face.ts';
import { ORDER_CONFIRMATION_JOB } from './confirmation.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { Order, OrderStatus, Shipment, TrackedOrder } from '../../core/order.ts';
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
import { ChangingStatus, checkMove, statusWorkflows, type Actor, type AdminChange } from './lifecycle.ts';
import {
  presentAdminOrder,
  presentOrder,
  presentTracked,
  shipmentOf,
  type OrderRecord,
  type OrderRow,
} from './present.ts';
import { orderCancelledMail, orderPlacedMail, orderStatusMail } from './mails.ts';
import { auditEntryOf } from './admin-audit.ts';

export const TRACK_NOT_FOUND_MESSAGE = 'No order matches this order id and e-mail address.';
export const NOT_FOUND_MESSAGE = 'Order not found';

export interface OrderServiceOptions {
  database: Database;
  auth: Accounts;
  stock: Stock;
  outbox: MailOutbox;
  /** The back office's log: an admin's change writes its entry in the change's transaction. */
  audit: Pick<AuditTrail, 'record'>;
  mediaBaseUrl: string;
  shopName: string;
  origin: string;
  /**
   * What other modules do when an order is cancelled, as steps of its workflow (extension point
   * `cancelOrder.refund`: payments refunds a paid order); read at each cancellation.
   */
  cancelSteps?: readonly Step<OrderStatusChange>[];
  /** What other modules do when an order is delivered (extension point `deliverOrder.steps`: reviews). */
  deliveredSteps?: readonly Step<OrderStatusChange>[];
  /** An order's payments by its row id (extension point `orderDetail.payments`): none without a payments module. */
  paymentHistory?: readonly ((orderRowId: string) => Promise<OrderPaymentHistory>)[];
}

/** Listing, cancelling, tracking and moving orders along their lifecycle; placing one is PlaceOrder's. */
export class OrderService implements OrderBook {
  private readonly workflows;

  constructor(private readonly options: OrderServiceOptions) {
    const queueCancellationMail: Step<ChangingStatus> = {
      name: 'queueCancellationMail',
      run: async (tx, { order, record }) => {
        const fullName = (await options.auth.buyer(order.userId, tx))?.fullName ?? '';
        await options.outbox.enqueue(orderCancelledMail(record, this.mailContext(fullName)), tx);
      },
    };
    // An admin's change is audited, and mailed unless it is a cancellation (which has its mail already).
    const recordAdminChange: Step<ChangingStatus> = {
      name: 'recordAdminChange',
      run: async (tx, change) => {
        if (change.admin) await options.audit.record(tx, change.admin.actor, auditEntryOf(change));
      },
    };
    const mailStatusChange: Step<ChangingStatus> = {
      name: 'mailStatusChange',
      run: async (tx, { admin, cancelling, order, record, status }) => {
        if (!admin || cancelling) return;
        const fullName = (await options.auth.buyer(order.userId, tx))?.fullName ?? '';
        const mail = orderStatusMail(record, this.mailContext(fullName), status, shipmentOf(record.order));
        await options.outbox.enqueue(mail, tx);
      },
    };
    this.workflows = statusWorkflows(
      options.stock,
      () => [queueCancellationMail, ...(options.cancelSteps ?? [])],
      options.deliveredSteps,
      [recordAdminChange, mailStatusChange],
    );
  }

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

  /** Within 24 hours and before packing (spec section 9); the stock returns. */
  async cancelForUser(userId: string, orderId: string): Promise<Order> {
    const id = knownShapeOrderId(orderId);
    const [order] = id
      ? await this.db
          .select()
          .from(orders)
          .where(and(eq(orders.orderId, id), eq(orders.userId, userId)))
      : [];
    if (!order) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return this.moveTo(order, 'cancelled', 'shopper');
  }

  /**
   * An admin moves an order one step forward (shipped with its courier and tracking) or cancels it (with a reason;
   * the stock returns and a paid prepaid order is refunded): audited and mailed in the change's transaction.
   */
  async changeByAdmin(
    orderId: string,
    status: OrderStatus,
    admin: AdminChange,
    shipment?: Shipment,
  ): Promise<AdminOrder> {
    const change = new ChangingStatus(await this.orderRow(orderId), status, 'shop', shipment, admin);
    return presentAdminOrder(await this.applyMove(change), this.options.mediaBaseUrl);
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

  private async orderRow(orderId: string): Promise<OrderRow> {
    const id = knownShapeOrderId(orderId);
    const [order] = id ? await this.db.select().from(orders).where(eq(orders.orderId, id)) : [];
    if (!order) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return order;
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

  private async moveTo(order: OrderRow, status: OrderStatus, actor: Actor): Promise<Order> {
    const record = await this.applyMove(new ChangingStatus(order, status, actor));
    return presentOrder(record, this.options.mediaBaseUrl);
  }

  private async applyMove(change: ChangingStatus): Promise<OrderRecord> {
    checkMove(change);
    const workflow = change.cancelling
      ? this.workflows.cancel
      : change.status === 'delivered'
        ? this.workflows.deliver
        : this.workflows.advance;
    return (await runWorkflow(this.options.database, workflow, change)).record;
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

  /** Loads the lines and status events of many orders in two queries. */
  private async withDetails(rows: OrderRow[]): Promise<OrderRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [items, events] = await Promise.all([
      this.db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(orderItems.position),
      this.db
        .select()
        .from(orderStatusEvents)
        .where(inArray(orderStatusEvents.orderId, ids))
        .orderBy(orderStatusEvents.at, orderStatusEvents.id),
    ]);
    return rows.map((order) => ({
      order,
      items: items.filter((item) => item.orderId === order.id),
      events: events.filter((event) => event.orderId === order.id),
    }));
  }
}
