import { createHash } from 'node:crypto';
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
import { newOrderId, ORDER_ID_PATTERN } from './order-id.ts';
import { ExpiringCache } from '../http/expiring-cache.ts';
import { reserveStock, type ReservedLine } from './stock.ts';
import { changeStatus, type Actor } from './lifecycle.ts';
import { presentOrder, presentTracked, type OrderRecord, type OrderRow } from './present.ts';
import { orderCancelledMail, orderPlacedMail } from './mails.ts';
import { insertOrder, placeOrderAtOnce, type NewOrder } from './insert-order.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import { formatRupees, rupeesToPaise } from '../../core/money.ts';
import { RateLimitedError, type RateLimiter } from '../http/rate-limit.ts';

export const UNVERIFIED_MESSAGE = 'Please verify your e-mail address before placing an order.';
export const TRACK_NOT_FOUND_MESSAGE = 'No order matches this order id and e-mail address.';
export const NOT_FOUND_MESSAGE = 'Order not found';
export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different order. Please check your orders before placing another.';
export const codLimitMessage = (maxRupees: number) =>
  `Cash on delivery is available for orders up to ${formatRupees(maxRupees)}. Please choose prepaid for this order.`;
export const tooManyOrdersMessage = (retryAfterSeconds: number) => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `You have placed many orders in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};
const ORDER_WINDOW_SECONDS = 60 * 60;

export interface OrderServiceOptions {
  database: Database;
  catalog: CatalogService;
  shipping: ShippingRule;
  mediaBaseUrl: string;
  shopName: string;
  origin: string;
  /** Cash on delivery is refused when the server-computed total is above this. */
  codMaxRupees: number;
  /** Order attempts per shopper per hour, counted by `limiter` (shared by every process with Redis). */
  ordersPerHour: number;
  limiter: RateLimiter;
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
   * quantities are read from the request. With an idempotency key, a retry of the same request returns the
   * first order; another request under the same key is refused.
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
    const idempotency = idempotencyKey ? { key: idempotencyKey, fingerprint: fingerprintOf(lines, input) } : null;
    try {
      await this.countOrderAttempt(userId);
      const expected = await this.catalogueLines(lines);
      let orderId: string | null = null;
      if (expected) {
        const { order, mail } = this.draft(userId, user, input, expected, idempotency);
        // Over the cash-on-delivery limit at the catalogue's price: the transaction decides at the database's.
        if (this.codAllowed(order) && (await placeOrderAtOnce(this.options.database, order, expected, mail))) {
          orderId = order.orderId;
        }
      }
      const buyer = known ? await this.placingUser(userId) : user;
      orderId ??= await this.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const reserved = await reserveStock(tx, lines);
        const { order, mail } = this.draft(userId, buyer, input, reserved, idempotency);
        if (!this.codAllowed(order)) throw new HttpError(400, codLimitMessage(this.options.codMaxRupees));
        await insertOrder(tx, order, reserved, mail);
        return order.orderId;
      });
      this.options.catalog.stockChanged();
      return { orderId, created: true };
    } catch (error) {
      // With a key, a failure may be a retry that lost the race to its first request (a unique violation, or
      // stock or rate limit the first request took): if an order exists under the key, that is the answer,
      // provided the request is the same one.
      if (idempotency) {
        const existing = await this.findByKey(userId, idempotency.key);
        if (existing) {
          // Orders from before fingerprints were kept have none: they answer any retry, as they did.
          if (existing.fingerprint && existing.fingerprint !== idempotency.fingerprint) {
            throw new HttpError(422, KEY_REUSED_MESSAGE);
          }
          return { orderId: existing.orderId, created: false };
        }
      }
      throw error;
    }
  }

  /** One hit on the shopper's hourly order count; over it is a 429 with Retry-After. */
  private async countOrderAttempt(userId: string): Promise<void> {
    const rule = { key: `orders:${userId}`, limit: this.options.ordersPerHour, windowSeconds: ORDER_WINDOW_SECONDS };
    try {
      await this.options.limiter.check([rule]);
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      throw new HttpError(429, tooManyOrdersMessage(error.retryAfterSeconds), error.headers);
    }
  }

  private codAllowed(order: NewOrder): boolean {
    return order.paymentMethod !== 'cod' || order.totalPricePaise <= rupeesToPaise(this.options.codMaxRupees);
  }

  /** The order row and, for cash on delivery, its confirmation mail, priced from the given lines. */
  private draft(
    userId: string,
    user: Buyer,
    input: CreateOrderInput,
    lines: ReservedLine[],
    idempotency: { key: string; fingerprint: string } | null,
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
      idempotencyKey: idempotency?.key ?? null,
      idempotencyFingerprint: idempotency?.fingerprint ?? null,
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

  /** The shop moves an order along: placed → confirmed → packed → shipped → delivered, or cancels it. */
  async advance(orderId: string, status: OrderStatus, actor: Actor = 'shop'): Promise<Order> {
    const id = knownShapeOrderId(orderId);
    const [order] = id ? await this.db.select().from(orders).where(eq(orders.orderId, id)) : [];
    if (!order) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return this.moveTo(order, status, actor);
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

  private async findByKey(userId: string, key: string) {
    const [row] = await this.db
      .select({ orderId: orders.orderId, fingerprint: orders.idempotencyFingerprint })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    return row;
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

/** An order id as typed or in a path, in upper case; null when it cannot be one, so no query is made. */
function knownShapeOrderId(orderId: string): string | null {
  const id = orderId.trim().toUpperCase();
  return ORDER_ID_PATTERN.test(id) ? id : null;
}

/**
 * What a request asks for, after normalising: its merged lines sorted by product, the address as validated
 * and the payment method. Two requests with the same fingerprint are the same order.
 */
function fingerprintOf(lines: { productId: string; quantity: number }[], input: CreateOrderInput): string {
  const byFirst = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : 1);
  const sortedLines = lines.map(({ productId, quantity }): [string, number] => [productId, quantity]).sort(byFirst);
  const address = Object.entries(input.shippingAddress).sort(byFirst);
  const normalised = JSON.stringify([sortedLines, address, input.paymentMethod]);
  return createHash('sha256').update(normalised).digest('base64url');
}

/** The same product twice becomes one line; the sum must still be a valid quantity. */
function mergeLines(lines: CreateOrderInput['orderItems']): { productId: string; quantity: number }[] {
  const quantities = new Map<string, number>();
  for (const line of lines) quantities.set(line._id, (quantities.get(line._id) ?? 0) + line.quantity);
  return [...quantities].map(([productId, quantity]) => ({ productId, quantity: quantitySchema.parse(quantity) }));
}
