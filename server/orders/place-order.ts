import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { executePrepared, type Database, type Db } from '../db/client.ts';
import type { AuthService, Buyer } from '../auth/index.ts';
import type { CartService } from '../cart/index.ts';
import { type CatalogService, reserveStock, type ReservedLine } from '../catalog/index.ts';
import type { MailOutbox } from '../mail/index.ts';
import { HttpError } from '../http/errors.ts';
import { RateLimitedError, type RateLimiter } from '../http/rate-limit.ts';
import { shippingPaise, type ShippingRule } from '../../core/pricing.ts';
import { formatRupees, rupeesToPaise } from '../../core/money.ts';
import type { OrderAddress } from '../../core/order.ts';
import { quantitySchema } from '../../core/contracts/fields.ts';
import { type CreateOrderInput } from '../../core/contracts/orders.ts';
import type { PAYMENT_METHODS } from '../../core/constants.ts';
import { PAYMENT_MESSAGES } from '../../core/contracts/payments.ts';
import { orders } from './schema.ts';
import { newOrderId } from './order-id.ts';
import { orderPlacedMail } from './mails.ts';

export const UNVERIFIED_MESSAGE = 'Please verify your e-mail address before placing an order.';
export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different order. Please check your orders before placing another.';
export const codLimitMessage = (maxRupees: number) =>
  `Cash on delivery is available for orders up to ${formatRupees(maxRupees)}. Please choose prepaid for this order.`;
export const tooManyOrdersMessage = (retryAfterSeconds: number) => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `You have placed many orders in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};
const ORDER_WINDOW_SECONDS = 60 * 60;

type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The order row as the workflow writes it: every figure computed here from the reserved rows. */
export interface NewOrder {
  orderId: string;
  userId: string;
  email: string;
  paymentMethod: PaymentMethod;
  itemsPricePaise: number;
  shippingPricePaise: number;
  totalPricePaise: number;
  shippingAddress: OrderAddress;
  idempotencyKey: string | null;
  idempotencyFingerprint: string | null;
}

/** What the steps after the order is written see, inside the workflow's transaction. */
export interface PlacedOrder {
  tx: Db;
  buyer: Buyer;
  order: NewOrder;
  lines: ReservedLine[];
}

/**
 * A step that follows the written order for one payment method, e.g. emptying the cart. It sends one statement
 * at once and needs nothing back: the follow-ups leave with the order and the COMMIT.
 */
export interface FollowUpStep {
  name: string;
  run(placed: PlacedOrder): Promise<void>;
}

/**
 * A step that opens the workflow's transaction for one payment method, with the buyer check and the stock, e.g.
 * a lock and a count under it. Its statements are sent at once, in order, so the steps share a round trip.
 */
export interface OpeningStep {
  name: string;
  run(opening: { tx: Db; userId: string }): Promise<void>;
}

export interface PlaceOrderOptions {
  database: Database;
  auth: AuthService;
  catalog: CatalogService;
  carts: CartService;
  outbox: MailOutbox;
  shipping: ShippingRule;
  shopName: string;
  origin: string;
  /** Cash on delivery is refused when the server-computed total is above this. */
  codMaxRupees: number;
  /** Order attempts per shopper per hour, counted by `limiter` (shared by every process with Redis). */
  ordersPerHour: number;
  limiter: RateLimiter;
  /** Off in production without gateway credentials: a prepaid order is then refused. */
  prepaidAvailable: boolean;
  /** An unpaid prepaid order expires this long after it is placed. */
  paymentExpirySeconds: number;
  /** The steps prepaid payments add after the order is written (the payments module's). */
  prepaidFollowUps: FollowUpStep[];
  /** The steps prepaid payments add before the stock is counted (the payments module's). */
  prepaidOpeningSteps: OpeningStep[];
}

interface Idempotency {
  key: string;
  fingerprint: string;
}

/**
 * Placing an order: one workflow of named steps in one transaction, each step calling the module that owns its
 * tables (decision 0018):
 *
 *   checkBuyer (auth) + reserveStock (catalogue) + the payment method's opening steps → priceLines →
 *   writeOrder (orders) + the payment method's follow-ups, with the COMMIT
 *
 * Cash on delivery is placed at once, so its steps empty the cart (cart) and queue the confirmation (mail). A
 * prepaid order waits for its payment; its steps join `followUps.prepaid`. Only product ids and quantities are
 * read from the request: prices are the ones read under the stock lock. With an idempotency key, a retry of the
 * same request returns the first order; another request under the same key is refused.
 */
export class PlaceOrder {
  private readonly followUps: Record<PaymentMethod, FollowUpStep[]>;
  private readonly openingSteps: Record<PaymentMethod, OpeningStep[]>;

  constructor(private readonly options: PlaceOrderOptions) {
    this.followUps = {
      cod: [
        { name: 'emptyCart', run: ({ tx, order }) => options.carts.clear(order.userId, tx) },
        { name: 'queueConfirmation', run: (placed) => this.queueConfirmation(placed) },
      ],
      prepaid: options.prepaidFollowUps,
    };
    this.openingSteps = { cod: [], prepaid: options.prepaidOpeningSteps };
  }

  async run(
    userId: string,
    request: CreateOrderInput,
    idempotencyKey?: string,
  ): Promise<{ orderId: string; created: boolean }> {
    if (request.paymentMethod === 'prepaid' && !this.options.prepaidAvailable) {
      throw new HttpError(400, PAYMENT_MESSAGES.prepaidUnavailable);
    }
    const wanted = mergeLines(request.orderItems);
    const idempotency = idempotencyKey ? { key: idempotencyKey, fingerprint: fingerprintOf(wanted, request) } : null;
    try {
      await this.countAttempt(userId);
      const orderId = await this.options.database.transaction(async (tx, end) => {
        const { buyer, lines } = await this.open(tx, userId, wanted, request.paymentMethod);
        const order = this.priceLines({ userId, buyer, request, lines, idempotency });
        // The order and its follow-ups need nothing from each other: they leave together, with the COMMIT.
        const placed = { tx, buyer, order, lines };
        await end.commitWith(() => [
          writeOrder(tx, order, lines, this.options.paymentExpirySeconds),
          ...this.followUps[order.paymentMethod].map((step) => step.run(placed)),
        ]);
        return order.orderId;
      });
      this.options.catalog.stockChanged();
      return { orderId, created: true };
    } catch (error) {
      // With a key, a failure may be a retry that lost the race to its first request (a unique violation, or
      // stock or rate limit the first request took): if an order exists under the key, that is the answer,
      // provided the request is the same one.
      const existing = idempotency ? await this.findByKey(userId, idempotency.key) : undefined;
      if (!existing) throw error;
      // Orders from before fingerprints were kept have none: they answer any retry, as they did.
      if (existing.fingerprint && existing.fingerprint !== idempotency!.fingerprint) {
        throw new HttpError(422, KEY_REUSED_MESSAGE);
      }
      return { orderId: existing.orderId, created: false };
    }
  }

  /** One hit on the shopper's hourly order count; over it is a 429 with Retry-After. */
  private async countAttempt(userId: string): Promise<void> {
    const rule = { key: `orders:${userId}`, limit: this.options.ordersPerHour, windowSeconds: ORDER_WINDOW_SECONDS };
    try {
      await this.options.limiter.check([rule]);
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      throw new HttpError(429, tooManyOrdersMessage(error.retryAfterSeconds), error.headers);
    }
  }

  /**
   * The buyer check, the stock reservation and the payment method's opening steps, sent together: one round trip.
   * A refused buyer's reservation goes with the transaction; the buyer's refusal is the answer before any other.
   */
  private async open(tx: Db, userId: string, wanted: WantedLines, method: PaymentMethod) {
    const [buyer, lines, ...opened] = await Promise.allSettled([
      this.checkBuyer(tx, userId),
      reserveStock(tx, wanted),
      ...this.openingSteps[method].map((step) => step.run({ tx, userId })),
    ]);
    for (const step of [buyer, lines, ...opened]) if (step.status === 'rejected') throw step.reason;
    return {
      buyer: (buyer as PromiseFulfilledResult<Buyer>).value,
      lines: (lines as PromiseFulfilledResult<ReservedLine[]>).value,
    };
  }

  /** Only a shopper with a verified e-mail may order; the order mails go to that address. */
  private async checkBuyer(tx: Db, userId: string): Promise<Buyer> {
    const buyer = await this.options.auth.buyer(userId, tx);
    if (!buyer) throw new HttpError(401, 'Please sign in');
    if (!buyer.verified) throw new HttpError(403, UNVERIFIED_MESSAGE);
    return buyer;
  }

  /** Totals from the reserved lines' prices and the shipping rule; cash on delivery only up to its limit. */
  private priceLines(draft: {
    userId: string;
    buyer: Buyer;
    request: CreateOrderInput;
    lines: ReservedLine[];
    idempotency: Idempotency | null;
  }): NewOrder {
    const { userId, buyer, request, lines, idempotency } = draft;
    const itemsPaise = lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
    const shipping = shippingPaise(itemsPaise, this.options.shipping);
    const totalPricePaise = itemsPaise + shipping;
    if (request.paymentMethod === 'cod' && totalPricePaise > rupeesToPaise(this.options.codMaxRupees)) {
      throw new HttpError(400, codLimitMessage(this.options.codMaxRupees));
    }
    return {
      orderId: newOrderId(),
      userId,
      email: buyer.email,
      paymentMethod: request.paymentMethod,
      itemsPricePaise: itemsPaise,
      shippingPricePaise: shipping,
      totalPricePaise,
      shippingAddress: request.shippingAddress,
      idempotencyKey: idempotency?.key ?? null,
      idempotencyFingerprint: idempotency?.fingerprint ?? null,
    };
  }

  private async queueConfirmation({ tx, buyer, order, lines }: PlacedOrder): Promise<void> {
    const { shopName, origin } = this.options;
    const mail = orderPlacedMail(
      { order: { ...order, paymentStatus: 'pending' }, items: lines },
      { shopName, origin, fullName: buyer.fullName },
    );
    await this.options.outbox.enqueue(mail, tx);
  }

  private async findByKey(userId: string, key: string) {
    const [row] = await this.options.database.db
      .select({ orderId: orders.orderId, fingerprint: orders.idempotencyFingerprint })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    return row;
  }
}

/** The order, its lines and its first status in one statement, inside the workflow's transaction. */
async function writeOrder(tx: Db, order: NewOrder, lines: ReservedLine[], expirySeconds: number): Promise<void> {
  const expiresIn = order.paymentMethod === 'prepaid' ? expirySeconds : null;
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
type WantedLines = { productId: string; quantity: number }[];

function mergeLines(lines: CreateOrderInput['orderItems']): WantedLines {
  const quantities = new Map<string, number>();
  for (const line of lines) quantities.set(line._id, (quantities.get(line._id) ?? 0) + line.quantity);
  return [...quantities].map(([productId, quantity]) => ({ productId, quantity: quantitySchema.parse(quantity) }));
}
