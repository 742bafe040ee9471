import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { startTestShop, type TestShop } from './harness.ts';
import type { AnyModule } from '../platform/kernel/index.ts';
import {
  phonePeSettingsFor,
  startStandaloneSimulator,
  webhookAuthorization,
  type StandaloneSimulator,
} from '../../simulators/phonepe/index.ts';
import { jobs } from '../jobs/schema.ts';
import { orders } from '../orders/schema.ts';
import { paymentAttempts, paymentEvents, paymentRefunds } from '../payments/schema.ts';
import { REFUND_JOB } from '../payments/reconciliation.ts';
import { orderBody, placedOrderId, productSupply, verifiedShopper, type Shopper } from './orders.ts';

export interface PaymentShop {
  shop: TestShop;
  simulator: StandaloneSimulator;
  close(): Promise<void>;
}

/**
 * A shop whose real PhonePe adapter talks over HTTP to a standalone simulator (with its own database), and which
 * listens, so the simulator's webhooks reach it. Refunds settle only when a test says so.
 */
export async function startPaymentShop(
  env: Record<string, string> = {},
  { modules }: { modules?: readonly AnyModule[] } = {},
): Promise<PaymentShop> {
  const simulatorDatabase: Database = await openDatabase({});
  await simulatorDatabase.migrate();
  const simulator = await startStandaloneSimulator({ db: simulatorDatabase.db, refundSettleMs: 3_600_000 });
  const shop = await startTestShop({ ...phonePeSettingsFor(simulator), ...env }, { listen: true, modules });
  simulator.setWebhookUrl(`${shop.url}/api/payment/webhook`);
  return {
    shop,
    simulator,
    async close() {
      await shop.close();
      await simulator.close();
      await simulatorDatabase.close();
    },
  };
}

/**
 * A test file's payment shop, started before its tests and closed after them, with what its tests share: products
 * of their own, a prepaid order by a new shopper, and a wait for an order's payment status.
 */
export function paymentTestWorld(env: Record<string, string> = {}, options: { modules?: readonly AnyModule[] } = {}) {
  let world: PaymentShop;
  let supply: ReturnType<typeof productSupply>;
  beforeAll(async () => {
    world = await startPaymentShop(env, options);
    supply = productSupply(world.shop);
  });
  afterAll(async () => {
    await world?.close();
  });
  const shop = () => world.shop;
  const paidState = async (orderId: string) => (await storedOrder(shop(), orderId)).paymentStatus;
  async function prepaidOrder(stock = 10, pricePaise = 49_900) {
    const productId = await supply({ stock, pricePaise });
    const shopper = await verifiedShopper(shop());
    const orderId = await placePrepaidOrder(shop(), shopper, productId);
    return { productId, shopper, orderId };
  }
  /** A prepaid order paid at the gateway, then cancelled by its shopper: its refund requested, not yet sent. */
  async function cancelledPaidOrder() {
    const { shopper, orderId } = await prepaidOrder();
    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    await control(world.simulator, `payments/${merchantOrderId}`, { outcome: 'COMPLETED' });
    await eventually(
      () => paidState(orderId),
      (state) => state === 'paid',
    );
    const cancel = await shop().app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: shopper.bearer,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().order.paymentStatus).toBe('refund_pending');
    return { orderId, ...(await requestedRefund(shop(), orderId)) };
  }
  return {
    shop,
    simulator: () => world.simulator,
    supplyProduct: (product: Parameters<typeof supply>[0]) => supply(product),
    paidState,
    waitForPayment: (orderId: string, status: string) =>
      eventually(
        () => paidState(orderId),
        (state) => state === status,
      ),
    prepaidOrder,
    cancelledPaidOrder,
    /** A cancelled paid order whose refund was sent and then failed at the gateway: its payment 'refund_failed'. */
    async failedRefundOrder() {
      const cancelled = await cancelledPaidOrder();
      await runJobNow(shop(), REFUND_JOB, cancelled.refund.id);
      await control(world.simulator, `refunds/${cancelled.refund.merchantRefundId}`, { outcome: 'FAILED' });
      expect(
        await eventually(
          () => paidState(cancelled.orderId),
          (state) => state === 'refund_failed',
        ),
      ).toBe('refund_failed');
      return cancelled;
    },
  };
}

/** The Authorization header PhonePe sends with its webhooks: the SHA-256 of the simulator's username:password. */
export function webhookHeaderOf(simulator: StandaloneSimulator): string {
  const { username, password } = simulator.webhookCredentials;
  return webhookAuthorization(username, password);
}

/** POSTs to the simulator's control API, as the bank or the shopper would act. */
export async function control(simulator: StandaloneSimulator, path: string, body: object = {}) {
  const response = await fetch(`${simulator.url}/_control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
}

export const placePrepaidOrder = (shop: TestShop, shopper: Shopper, productId: string, quantity = 1) =>
  placedOrderId(shop, shopper.bearer, orderBody([{ _id: productId, quantity }], { paymentMethod: 'prepaid' }));

export const createPayment = (
  shop: TestShop,
  bearer: Record<string, string>,
  orderId: string,
  route = 'create-order',
) => shop.app.inject({ method: 'POST', url: `/api/payment/${route}`, headers: bearer, payload: { orderId } });

export const paymentStatus = (shop: TestShop, bearer: Record<string, string>, merchantOrderId: string) =>
  shop.app.inject({
    method: 'GET',
    url: `/api/payment/get-order-status?merchantOrderId=${encodeURIComponent(merchantOrderId)}`,
    headers: bearer,
  });

/** A started payment attempt: its merchantOrderId and the pay page. */
export async function startedPayment(shop: TestShop, shopper: Shopper, orderId: string) {
  const response = await createPayment(shop, shopper.bearer, orderId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ redirectUrl: string; merchantOrderId: string; expiresAt: string }>();
}

/** A cancelled paid order and its one refund, requested of its whole amount and not yet sent. */
export async function requestedRefund(shop: TestShop, orderId: string) {
  const order = await storedOrder(shop, orderId);
  const [refund] = await shop.services.database.db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.orderId, order.id));
  expect(refund).toMatchObject({ state: 'requested', amountPaise: order.totalPricePaise });
  return { order, refund: refund! };
}

export async function storedOrder(shop: TestShop, orderId: string) {
  const [row] = await shop.services.database.db.select().from(orders).where(eq(orders.orderId, orderId));
  return row!;
}

/** PhonePe's 'completed' webhook for a payment of the order's whole amount, as a test posts it (true or forged). */
export async function completedWebhook(shop: TestShop, orderId: string, merchantOrderId: string) {
  const order = await storedOrder(shop, orderId);
  return {
    event: 'checkout.order.completed',
    payload: { merchantOrderId, state: 'COMPLETED', amount: order.totalPricePaise },
  };
}

/** The order's payment changes, oldest first, as the event log has them. */
export async function orderPaymentEvents(shop: TestShop, orderId: string) {
  const order = await storedOrder(shop, orderId);
  return shop.services.database.db
    .select({ from: paymentEvents.fromState, to: paymentEvents.toState, source: paymentEvents.source })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.orderId, order.id), eq(paymentEvents.subject, 'order')))
    .orderBy(paymentEvents.id);
}

/** Makes a scheduled job due now and runs the queue, as the next poll would. */
export async function runJobNow(shop: TestShop, kind: string, key: string): Promise<void> {
  const due = await shop.services.database.db
    .update(jobs)
    .set({ runAt: sql`now()`, lockedUntil: null })
    .where(and(eq(jobs.kind, kind), eq(jobs.key, key)))
    .returning();
  expect(due, `no ${kind} job for ${key}`).toHaveLength(1);
  await shop.services.jobs.runDue();
  // A run kicked meanwhile (by a late webhook, such as a refund's "accepted") may have claimed it first.
  await shop.services.jobs.settled();
}

/** Waits for something a webhook does in the background. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A prepaid order of a new shopper, on a shop whose gateway is not reachable (e.g. an orderTestShop): its payment
 * taken as the gateway would report it, then cancelled by the shopper, and its refund failed at the gateway, so
 * its payment is 'refund_failed'. Only the attempt is written directly: the gateway would have accepted it.
 */
export async function orderWithFailedRefund(shop: TestShop, productId: string): Promise<string> {
  const shopper = await verifiedShopper(shop);
  const orderId = await placePrepaidOrder(shop, shopper, productId);
  const order = await storedOrder(shop, orderId);
  const { database, paymentTransitions } = shop.services;
  const merchantOrderId = `${orderId}-retrytest`;
  await database.db.insert(paymentAttempts).values({
    merchantOrderId,
    orderId: order.id,
    amountPaise: order.totalPricePaise,
    attemptNumber: 1,
    expiresAt: sql`now() + interval '10 minutes'`,
  });
  await paymentTransitions.applyAttempt(
    merchantOrderId,
    { state: 'COMPLETED', amountPaise: order.totalPricePaise, errorCode: null },
    'webhook',
  );
  const cancel = await shop.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/cancel`,
    headers: shopper.bearer,
  });
  expect(cancel.json().order.paymentStatus, cancel.body).toBe('refund_pending');
  const { refund } = await requestedRefund(shop, orderId);
  await paymentTransitions.applyRefund(refund, 'FAILED', 'webhook');
  expect((await storedOrder(shop, orderId)).paymentStatus).toBe('refund_failed');
  return orderId;
}
