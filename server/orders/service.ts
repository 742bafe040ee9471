import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import type { CatalogService } from '../catalog/service.ts';
import { users } from '../auth/schema.ts';
import { HttpError } from '../http/errors.ts';
import { shippingPaise, type ShippingRule } from '../../core/pricing.ts';
import type { Order, OrderStatus, TrackedOrder } from '../../core/order.ts';
import type { CreateOrderInput } from '../../core/validation.ts';
import { quantitySchema } from '../../core/validation.ts';
import { orderItems, orders, orderStatusEvents } from './schema.ts';
import { newOrderId } from './order-id.ts';
import { ExpiringCache } from '../http/expiring-cache.ts';
import { reserveStock, type ReservedLine } from './stock.ts';
import { changeStatus, type Actor } from './lifecycle.ts';
import { presentOrder, presentTracked, type OrderRecord, type OrderRow } from './present.ts';
import { orderCancelledMail, orderPlacedMail } from './mails.ts';
import { insertOrder, placeOrderAtOnce, type NewOrder } from './insert-order.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import { rupeesToPaise } from '../../core/money.ts';

export const UNVERIFIED_MESSAGE = 'Please verify your e-mail address before placing an order.';
export const TRACK_NOT_FOUND_MESSAGE = 'No order matches this order id and e-mail address.';
const NOT_FOUND_MESSAGE = 'Order not found';

export interface OrderServiceOptions {
  database: Database;
  catalog: CatalogService;
  shipping: ShippingRule;
  mediaBaseUrl: string;
  shopName: string;
  origin: string;
}

interface Buyer {
  email: string;
  fullName: string;
}
const BUYER_CACHE_MS = 5 * 60_000;
const BUYER_CACHE_ENTRIES = 10_000;

/** Placing, listing, cancelling, tracking and moving orders along their lifecycle. */
export class OrderService {
  /**
   * Verified buyers' e-mail and name, for the confirmation mail. E-mails never change and verification is never
   * undone; a renamed buyer's greeting may use the old name until the entry expires.
   */
  private readonly buyers = new ExpiringCache<Buyer>(BUYER_CACHE_MS, BUYER_CACHE_ENTRIES);

  constructor(private readonly options: OrderServiceOptions) {}

  private get db() {
    return this.options.database.db;
  }

  /**
   * Prices every line from the database and takes it out of stock in one transaction. Only product ids and
   * quantities are read from the request. With an idempotency key, a retry returns the first order.
   */
  async create(
    userId: string,
    input: CreateOrderInput,
    idempotencyKey?: string,
  ): Promise<{ orderId: string; created: boolean }> {
    // A known buyer skips the lookup: the one-statement path checks the verification itself.
    const known = this.buyers.get(userId);
    const user = known ?? (await this.placingUser(userId));
    const lines = mergeLines(input.orderItems);
    try {
      const expected = await this.catalogueLines(lines);
      let orderId: string | null = null;
      if (expected) {
        const { order, mail } = this.draft(userId, user, input, expected, idempotencyKey);
        if (await placeOrderAtOnce(this.options.database, order, expected, mail)) orderId = order.orderId;
      }
      const buyer = known ? await this.placingUser(userId) : user;
      orderId ??= await this.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const reserved = await reserveStock(tx, lines);
        const { order, mail } = this.draft(userId, buyer, input, reserved, idempotencyKey);
        await insertOrder(tx, order, reserved, mail);
        return order.orderId;
      });
      this.options.catalog.stockChanged();
      return { orderId, created: true };
    } catch (error) {
      // With a key, a failure may be a retry that lost the race to its first request (a unique violation, or
      // stock the first request took): if an order exists under the key, that is the answer.
      if (idempotencyKey) {
        const existing = await this.findByKey(userId, idempotencyKey);
        if (existing) return { orderId: existing, created: false };
      }
      throw error;
    }
  }

  /** The order row and, for cash on delivery, its confirmation mail, priced from the given lines. */
  private draft(
    userId: string,
    user: Buyer,
    input: CreateOrderInput,
    lines: ReservedLine[],
    idempotencyKey: string | undefined,
  ): { order: NewOrder; mail: OutgoingMail | null } {
    const itemsPaise = lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
    const shipping = shippingPaise(itemsPaise, this.options.shipping);
    const order: NewOrder = {
      orderId: newOrderId(),
      userId,
      email: user.email,
      paymentMethod: input.paymentMethod,
      itemsPricePaise: itemsPaise,
      shippingPricePaise: shipping,
      totalPricePaise: itemsPaise + shipping,
      shippingAddress: input.shippingAddress,
      idempotencyKey: idempotencyKey ?? null,
    };
    // Cash on delivery is placed at once; a prepaid cart is emptied when the payment completes.
    const mail =
      input.paymentMethod === 'cod'
        ? orderPlacedMail(
            { order: { ...order, paymentStatus: 'pending' }, items: lines },
            this.mailContext(user.fullName),
          )
        : null;
    return { order, mail };
  }

  /** The lines as the catalogue shows them now, or null when it does not know a product. */
  private async catalogueLines(lines: { productId: string; quantity: number }[]): Promise<ReservedLine[] | null> {
    const priced: ReservedLine[] = [];
    for (const { productId, quantity } of lines) {
      const product = await this.options.catalog.lastKnownProduct(productId);
      if (!product) return null;
      const unitPricePaise = rupeesToPaise(product.price);
      priced.push({ productId, quantity, title: product.title, image: null, unitPricePaise });
    }
    return priced;
  }

  /** The shopper's orders, newest first. */
  async listForUser(userId: string): Promise<Order[]> {
    const rows = await this.db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id));
    return (await this.withDetails(rows)).map((record) => presentOrder(record, this.options.mediaBaseUrl));
  }

  /** One of the shopper's orders; someone else's order is 'not found', like a missing one. */
  async getForUser(userId: string, orderId: string): Promise<Order> {
    const record = await this.findRecord(and(eq(orders.orderId, orderId), eq(orders.userId, userId)));
    if (!record) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return presentOrder(record, this.options.mediaBaseUrl);
  }

  /** Within 24 hours and before packing (spec section 9); the stock returns. */
  async cancelForUser(userId: string, orderId: string): Promise<Order> {
    const [order] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.orderId, orderId), eq(orders.userId, userId)));
    if (!order) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return this.moveTo(order, 'cancelled', 'shopper');
  }

  /** The shop moves an order along: placed → confirmed → packed → shipped → delivered, or cancels it. */
  async advance(orderId: string, status: OrderStatus, actor: Actor = 'shop'): Promise<Order> {
    const [order] = await this.db.select().from(orders).where(eq(orders.orderId, orderId));
    if (!order) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return this.moveTo(order, status, actor);
  }

  /** Tracking by order id and e-mail: a wrong e-mail is 'not found' like a wrong id, so nothing leaks. */
  async track(orderId: string, email: string): Promise<TrackedOrder> {
    const address = email.toLowerCase();
    const record = await this.findRecord(
      and(
        eq(orders.orderId, orderId.trim().toUpperCase()),
        or(eq(orders.email, address), sql`lower(${orders.shippingAddress}->>'email') = ${address}`),
      ),
    );
    if (!record) throw new HttpError(404, TRACK_NOT_FOUND_MESSAGE);
    return presentTracked(record);
  }

  private async moveTo(order: OrderRow, status: OrderStatus, actor: Actor): Promise<Order> {
    const record = await changeStatus(this.db, order, status, actor, (changed, fullName) =>
      orderCancelledMail(changed, this.mailContext(fullName)),
    );
    if (status === 'cancelled') this.options.catalog.stockChanged();
    return presentOrder(record, this.options.mediaBaseUrl);
  }

  private mailContext(fullName: string) {
    return { shopName: this.options.shopName, origin: this.options.origin, fullName };
  }

  /** Only a shopper with a verified e-mail may order; the order mails go to that address. */
  private async placingUser(userId: string): Promise<Buyer> {
    const [user] = await this.db
      .select({ email: users.email, fullName: users.fullName, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw new HttpError(401, 'Please sign in');
    if (!user.verifiedAt) throw new HttpError(403, UNVERIFIED_MESSAGE);
    const buyer = { email: user.email, fullName: user.fullName };
    this.buyers.set(userId, buyer);
    return buyer;
  }

  private async findByKey(userId: string, key: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ orderId: orders.orderId })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    return row?.orderId;
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

/** The same product twice becomes one line; the sum must still be a valid quantity. */
function mergeLines(lines: CreateOrderInput['orderItems']): { productId: string; quantity: number }[] {
  const quantities = new Map<string, number>();
  for (const line of lines) quantities.set(line._id, (quantities.get(line._id) ?? 0) + line.quantity);
  return [...quantities].map(([productId, quantity]) => ({ productId, quantity: quantitySchema.parse(quantity) }));
}
