// The placeOrder flow (decision 0061): placing an order crosses the auth, stock, orders, cart and payments
// modules, so it lives above them and calls each through its face.
import { createHash } from 'node:crypto';
import type { Database, Db } from '../platform/db/client.ts';
import { runWorkflow, together, type Step, type Workflow } from '../platform/db/workflow.ts';
import type { Accounts, Buyer } from '../platform/auth/face.ts';
import type { ShopperCarts } from '../platform/cart/face.ts';
import type { ReservedLine, Stock } from '../platform/stock/face.ts';
import type {
  NewOrder,
  PaymentMethodSteps,
  PlacedOrders,
  PlacingOrder as PlacingOrderFacts,
  PrepaidPayments,
} from '../platform/orders/face.ts';
import { HttpError } from '../platform/http/errors.ts';
import { RateLimitedError, type RateLimiter } from '../platform/http/rate-limit.ts';
import { shippingPaise, type ShippingRule } from '../../core/pricing.ts';
import { formatRupees, rupeesToPaise } from '../../core/money.ts';
import { quantitySchema } from '../../core/contracts/fields.ts';
import { type CreateOrderInput } from '../../core/contracts/orders.ts';
import type { PAYMENT_METHODS } from '../../core/constants.ts';
import { PAYMENT_MESSAGES } from '../../core/contracts/payments.ts';
import { DELIVERY_MESSAGES } from '../../core/contracts/shipping.ts';
import type { DeliveryEstimates } from '../platform/shipping/face.ts';

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

/**
 * What placing one order knows, filled in by its steps in order: the buyer and the reserved lines by the opening
 * steps, the priced order by priceLines. Other modules' steps (payments') read it.
 */
export class PlacingOrder implements PlacingOrderFacts {
  buyer!: Buyer;
  lines!: ReservedLine[];
  order!: NewOrder;

  constructor(
    /** The public id, chosen first so the stock it takes is recorded under it. */
    readonly orderId: string,
    readonly userId: string,
    readonly request: CreateOrderInput,
    readonly wanted: WantedLines,
    readonly idempotency: Idempotency | null,
  ) {}
}

export interface PlaceOrderOptions {
  database: Database;
  auth: Accounts;
  stock: Stock;
  carts: ShopperCarts;
  placed: PlacedOrders;
  shipping: ShippingRule;
  /** Cash on delivery is refused when the server-computed total is above this. */
  codMaxRupees: number;
  /** Order attempts per shopper per hour, counted by `limiter` (shared by every process with Redis). */
  ordersPerHour: number;
  limiter: RateLimiter;
  /**
   * The payments module's prepaid orders (extension point `placeOrder.prepaid`), read when an order is placed:
   * none, or one saying it is unavailable, and a prepaid order is refused.
   */
  prepaid: readonly PrepaidPayments[];
  /** Other modules' steps of every order, written with it (extension point `placeOrder.steps`). */
  steps: readonly Step<PlacingOrder>[];
  /** Whether the address's PIN is served, and takes cash on delivery (the shipping module's). */
  deliveries: DeliveryEstimates;
}

/**
 * A step that runs before the order's transaction opens: it may wait on a courier over HTTP, which must hold no
 * stock lock meanwhile (and on PGlite, whose one connection the transaction holds, could not read at all).
 */
interface CheckStep {
  name: string;
  run(placing: PlacingOrder): Promise<void>;
}

interface Idempotency {
  key: string;
  fingerprint: string;
}

/**
 * Placing an order: checkDelivery (shipping) first, then a workflow of named steps in one transaction, each calling
 * the module that owns its tables (decision 0025):
 *
 *   open: checkBuyer (auth) + reserveStock (stock) + the payment method's opening steps →
 *   priceLines → write: writeOrder (orders) + the payment method's follow-ups
 *
 * Cash on delivery is placed at once, so its follow-ups empty the cart (cart) and schedule the confirmation mail
 * (jobs: rendered and queued just after, see confirmation.ts). A prepaid order waits for its payment; its steps
 * are the payments module's. The steps inside `open` and `write` need nothing from each other, so they are sent
 * together (one round trip each on PostgreSQL). Only product ids and quantities are read from the request: prices
 * are the ones read under the stock lock. With an idempotency key, a retry of the same request returns the first
 * order; another request under the same key is refused.
 */
export class PlaceOrder {
  private readonly built = new Map<PaymentMethod, Workflow<PlacingOrder>>();
  /** checkDelivery: an unserved PIN takes no order, one without cash on delivery only a prepaid one. */
  private readonly checks: readonly CheckStep[] = [
    { name: 'checkDelivery', run: (placing) => this.checkDelivery(placing) },
  ];
  private readonly codSteps: PaymentMethodSteps;
  private readonly workflowOf: (method: PaymentMethod, steps: PaymentMethodSteps) => Workflow<PlacingOrder>;

  constructor(private readonly options: PlaceOrderOptions) {
    this.codSteps = {
      opening: [],
      followUps: [
        { name: 'emptyCart', run: (tx, { order }) => options.carts.clear(order.userId, tx) },
        {
          name: 'scheduleConfirmation',
          run: (tx, { order }) => options.placed.scheduleConfirmation(tx, order.orderId),
        },
      ],
    };
    this.workflowOf = (method, steps) => ({
      name: `placeOrder(${method})`,
      steps: [
        together<PlacingOrder>('open', [
          { name: 'checkBuyer', run: (tx, placing) => this.checkBuyer(tx, placing) },
          {
            name: 'reserveStock',
            run: async (tx, placing) =>
              (placing.lines = await options.stock.reserveStock(tx, placing.wanted, {
                kind: 'sale',
                orderId: placing.orderId,
              })),
          },
          ...steps.opening,
        ]),
        { name: 'priceLines', run: async (_tx, placing) => (placing.order = this.priceLines(placing)) },
        together<PlacingOrder>('write', [
          {
            name: 'writeOrder',
            run: (tx, { order, lines }) =>
              options.placed.write(tx, order, lines, method === 'prepaid' ? (this.prepaid?.expirySeconds ?? 0) : null),
          },
          ...steps.followUps,
          ...options.steps,
        ]),
      ],
    });
  }

  private get prepaid(): PrepaidPayments | undefined {
    return this.options.prepaid.find((offer) => offer.available);
  }

  /** Built at the first order, once every module has contributed its steps. */
  private workflow(method: PaymentMethod): Workflow<PlacingOrder> {
    const built =
      this.built.get(method) ?? this.workflowOf(method, method === 'cod' ? this.codSteps : this.prepaid!.steps);
    this.built.set(method, built);
    return built;
  }

  async run(
    userId: string,
    request: CreateOrderInput,
    idempotencyKey?: string,
  ): Promise<{ orderId: string; created: boolean }> {
    if (request.paymentMethod === 'prepaid' && !this.prepaid) {
      throw new HttpError(400, PAYMENT_MESSAGES.prepaidUnavailable);
    }
    const wanted = mergeLines(request.orderItems);
    const idempotency = idempotencyKey ? { key: idempotencyKey, fingerprint: fingerprintOf(wanted, request) } : null;
    try {
      await this.countAttempt(userId);
      const placing = new PlacingOrder(this.options.placed.newOrderId(), userId, request, wanted, idempotency);
      for (const check of this.checks) await check.run(placing);
      await runWorkflow(this.options.database, this.workflow(request.paymentMethod), placing);
      return { orderId: placing.order.orderId, created: true };
    } catch (error) {
      // With a key, a failure may be a retry that lost the race to its first request (a unique violation, or
      // stock or rate limit the first request took): if an order exists under the key, that is the answer,
      // provided the request is the same one.
      const existing = idempotency ? await this.options.placed.byIdempotencyKey(userId, idempotency.key) : undefined;
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

  /** The cart's parcel to the address's PIN, as the shipping module estimates it (decision 0075). */
  private async checkDelivery({ request, wanted }: PlacingOrder): Promise<void> {
    const estimate = await this.options.deliveries.forLines(request.shippingAddress.pincode, wanted);
    if (!estimate.serviceable) throw new HttpError(400, DELIVERY_MESSAGES.unserved);
    if (request.paymentMethod === 'cod' && !estimate.cod) throw new HttpError(400, DELIVERY_MESSAGES.noCod);
  }

  /** Only a shopper with a verified e-mail may order; the order mails go to that address. */
  private async checkBuyer(tx: Db, placing: PlacingOrder): Promise<void> {
    const buyer = await this.options.auth.buyer(placing.userId, tx);
    if (!buyer) throw new HttpError(401, 'Please sign in');
    if (!buyer.verified) throw new HttpError(403, UNVERIFIED_MESSAGE);
    placing.buyer = buyer;
  }

  /** Totals from the reserved lines' prices and the shipping rule; cash on delivery only up to its limit. */
  private priceLines({ orderId, userId, buyer, request, lines, idempotency }: PlacingOrder): NewOrder {
    const itemsPaise = lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
    const shipping = shippingPaise(itemsPaise, this.options.shipping);
    const totalPricePaise = itemsPaise + shipping;
    if (request.paymentMethod === 'cod' && totalPricePaise > rupeesToPaise(this.options.codMaxRupees)) {
      throw new HttpError(400, codLimitMessage(this.options.codMaxRupees));
    }
    return {
      orderId,
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
