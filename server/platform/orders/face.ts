// What every module and flow sees of the orders module (decision 0061): an order's payment state as payments moves
// it, delivered orders as reviews reads them, and the extension points of placing, cancelling and delivering.
import type { AdminOrder, OrderPaymentHistory } from '../../../core/contracts/admin-orders.ts';
import type { PaymentStatus } from '../../../core/contracts/payments.ts';
import type { OrderStatus } from '../../../core/order.ts';
import type { PAYMENT_METHODS } from '../../../core/constants.ts';
import type { OrderAddress } from '../../../core/order.ts';
import type { Db } from '../db/client.ts';
import type { Step } from '../db/workflow.ts';
import { extensionPoint, face } from '../kernel/face.ts';
// The order status moves' section (at the end).
import type { Order, Shipment, TrackingEntry } from '../../../core/order.ts';
import type { AdminActor } from '../audit/actor.ts';

type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** An order as the payments module sees it: its payment, its total and its owner. */
export interface PaymentOrder {
  id: string;
  orderId: string;
  userId: string;
  email: string;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  status: OrderStatus;
  totalPricePaise: number;
  paymentExpiresAt: Date | null;
  paidAt: Date | null;
}

/**
 * An order's payment as the payments module reads and moves it (decision 0019): each change conditional on the
 * state it expects, so two sources learning the same fact change the order once.
 */
export interface OrderPayments {
  byOrderId(orderId: string, db?: Db): Promise<PaymentOrder | null>;
  byId(id: string, db?: Db): Promise<PaymentOrder | null>;
  /** The order locked in `tx` (FOR UPDATE), null when there is none. */
  lockedById(id: string, tx: Db): Promise<PaymentOrder | null>;
  /** The shopper's prepaid orders still waiting for their payment. */
  unpaidCount(userId: string, db: Db): Promise<number>;
  /** Moves the payment status from one of `from` to `to`; false when it was in none of them. */
  move(id: string, from: readonly PaymentStatus[], to: PaymentStatus, db: Db): Promise<boolean>;
  /**
   * Cancels an unpaid prepaid order whose time ran out: its lines, for the stock to take back (the expireOrder
   * flow releases them); null when it was paid or cancelled meanwhile.
   */
  expire(id: string, db: Db): Promise<OrderLine[] | null>;
  /** An order's lines: what reviving an expired one must take out of stock again. */
  lines(id: string, db: Db): Promise<OrderLine[]>;
  /**
   * Takes back an expiry that a late payment overtook, once the caller re-took its stock in `db`'s transaction:
   * paid and placed again. Throws when the order is no longer expired (the transaction must roll back).
   */
  revive(id: string, db: Db): Promise<void>;
}

/** A line of an order: its product (null once the product is deleted) and how many. */
export interface OrderLine {
  productId: string | null;
  quantity: number;
}

/** An order moving one step along its lifecycle, as another module's step in that move sees it. */
export interface OrderStatusChange {
  /** Who moved it: the shopper, an admin ('shop') or the shop itself ('system'). */
  readonly actor: 'shopper' | 'shop' | 'system';
  readonly status: OrderStatus;
  /** The order as it is after the move, with its lines. */
  readonly record: { order: PaymentOrder; items: ReadonlyArray<{ productId: string | null }> };
}

/** A delivered order as another module may read it (reviews: whom to ask to review what). */
export interface DeliveredOrder {
  /** The order's row id (a job's key), and the public id the shopper sees. */
  id: string;
  orderId: string;
  userId: string;
  /** The address the order was placed with. */
  email: string;
  /** Its products still in the catalogue, once each, in the order's order. */
  items: { productId: string; title: string }[];
}

export interface OrderBook {
  /** An order as the back office shows it; 404 when there is none. */
  adminOrder(orderId: string): Promise<AdminOrder>;
  /** Whether the shopper has a delivered order of the product (a review's 'Verified purchase'). */
  hasDelivered(userId: string, productId: string, db?: Db): Promise<boolean>;
  /** A delivered order by its row id; undefined when it is gone or not delivered. */
  deliveredOrder(id: string): Promise<DeliveredOrder | undefined>;
}

/** The order row as placing writes it: every figure computed by the flow from the reserved lines. */
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

/** A line of a new order, at the price and title read under the stock lock. */
export interface NewOrderLine {
  productId: string;
  title: string;
  image: string | null;
  unitPricePaise: number;
  quantity: number;
}

/** The orders module's part in placing an order (the placeOrder flow's steps). */
export interface PlacedOrders {
  /** A new public order id, hard to guess. */
  newOrderId(): string;
  /** The order, its lines and its first status in one statement, in the flow's transaction. */
  write(tx: Db, order: NewOrder, lines: readonly NewOrderLine[], paymentExpirySeconds: number | null): Promise<void>;
  /** The order a shopper placed under an Idempotency-Key, with its request's fingerprint. */
  byIdempotencyKey(userId: string, key: string): Promise<{ orderId: string; fingerprint: string | null } | undefined>;
  /** The confirmation mail, rendered and queued by a job just after `tx` commits. */
  scheduleConfirmation(tx: Db, orderId: string): Promise<void>;
}

/** What placing one order knows when a payment method's steps run: who, which order, and the priced order. */
export interface PlacingOrder {
  readonly userId: string;
  readonly orderId: string;
  readonly order: { orderId: string; userId: string; totalPricePaise: number };
}

/** A payment method's own steps: `opening` ones join the buyer check and the stock, `followUps` the written order. */
export interface PaymentMethodSteps {
  opening: Step<PlacingOrder>[];
  followUps: Step<PlacingOrder>[];
}

/** Prepaid orders as the payments module offers them. */
export interface PrepaidPayments {
  /** Off in production without gateway credentials: a prepaid order is then refused. */
  available: boolean;
  /** An unpaid prepaid order expires this long after it is placed. */
  expirySeconds: number;
  /** The steps a prepaid order adds. */
  steps: PaymentMethodSteps;
}

export interface OrdersFace {
  orders: OrderBook;
  orderPayments: OrderPayments;
  placedOrders: PlacedOrders;
}

export const ordersFace = face<OrdersFace>('orders');
/** The steps a prepaid order adds to placing it, and whether prepaid is on (the payments module's). */
export const placeOrderPrepaid = extensionPoint<PrepaidPayments>('placeOrder.prepaid');
/** Steps of placing every order, written with it in its transaction (the `write` group). */
export const placeOrderSteps = extensionPoint<Step<PlacingOrder>>('placeOrder.steps');
/** Steps of cancelling an order, in its transaction: payments refunds a paid one. */
export const cancelOrderRefund = extensionPoint<Step<OrderStatusChange>>('cancelOrder.refund');
/** Steps of delivering an order, in its transaction: reviews asks for a review and marks verified purchases. */
export const deliverOrderSteps = extensionPoint<Step<OrderStatusChange>>('deliverOrder.steps');
/** The courier's scans of orders, by their row ids, read in `db` (the shipping module's; none: no scans). */
export const orderTracking =
  extensionPoint<(db: Db, orderRowIds: readonly string[]) => Promise<Map<string, TrackingEntry[]>>>(
    'orderDetail.tracking',
  );
/** An order's payments for its back-office page, by the order's row id. */
export const orderPaymentHistory =
  extensionPoint<(orderRowId: string) => Promise<OrderPaymentHistory>>('orderDetail.payments');

// ─── Order status moves: the orders module's part in the orderStatus flow (decision 0063) ────────────────────────
// Kept apart from the sections above; `OrdersFace` gains its `orderMoves` part here (interfaces of one name merge).

/** A change made from the back office: the admin who made it, and their reason where one is required. */
export interface AdminChange {
  actor: AdminActor;
  reason?: string;
}

/**
 * An order's row, lines and timeline as the orders module loads them in a move. The flow reads only this much of
 * them; the orders module's own steps read its whole row and record, which it read itself.
 */
export interface MovedOrderRecord {
  order: PaymentOrder;
  items: ReadonlyArray<{ productId: string | null; quantity: number }>;
}

/** One order moving one step along NEXT_STATUSES; `record` is the order as it is after the move (loadRecord). */
export interface ChangingStatus extends OrderStatusChange {
  /** The order's row as it was read before the move (`shopperOrder`, `orderByPublicId`). */
  readonly order: PaymentOrder;
  /** The courier and tracking going with 'shipped'. */
  readonly shipment?: Shipment;
  /** Set when an admin makes the change (actor 'shop'): it is audited and mailed. */
  readonly admin?: AdminChange;
  readonly cancelling: boolean;
  record: MovedOrderRecord;
}

/**
 * The orders module's table-touching parts of moving an order (the orderStatus flow's steps): finding the order,
 * checking the move, writing it, loading the result, its mails and audit entry, and showing it.
 */
export interface OrderMoves {
  /** One of the shopper's orders by its public id; someone else's order is 'not found' (404), like a missing one. */
  shopperOrder(userId: string, orderId: string): Promise<PaymentOrder>;
  /** An order by its public id, for the back office; 404 when there is none. */
  orderByPublicId(orderId: string): Promise<PaymentOrder>;
  /**
   * Refuses a move the lifecycle does not allow (409), before any write: a step NEXT_STATUSES lacks, or a prepaid
   * order moving past 'placed' unpaid.
   */
  checkMove(change: ChangingStatus): void;
  /** The move, conditional on the status read before (and, for a shopper's cancellation, the window); recorded. */
  readonly moveStatus: Step<ChangingStatus>;
  /** The order after the move, with its lines and its whole timeline, into `record`. */
  readonly loadRecord: Step<ChangingStatus>;
  /** The shopper's cancellation mail, queued in the move's transaction. */
  readonly queueCancellationMail: Step<ChangingStatus>;
  /**
   * The back office's steps after every move: the audit entry (recordAdminChange) and the shopper's mail
   * (mailStatusChange, not for a cancellation, which has its own). Both act only on an admin's change.
   */
  readonly afterAdminChange: readonly Step<ChangingStatus>[];
  /** The courier's news of an order (by its row id) mailed to its shopper, queued in `tx`. */
  mailTrackingNews(tx: Db, orderRowId: string, news: TrackingNews): Promise<void>;
  /** The moved order as the shopper sees it. */
  shopperOrderOf(record: MovedOrderRecord): Order;
  /** The moved order as the back office shows it. */
  adminOrderOf(record: MovedOrderRecord): AdminOrder;
}

/** What a courier's scan tells the shopper by mail. */
export type TrackingNews = 'out_for_delivery' | 'delivered' | 'returned';

export interface OrdersFace {
  orderMoves: OrderMoves;
}
