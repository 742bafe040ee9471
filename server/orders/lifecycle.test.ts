import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  catalogProduct,
  orderBody,
  orderTestShop,
  placedOrderId,
  queuedMails,
  moveOrder,
  storedStock,
  verifiedShopper,
  type Shopper,
} from '../testing/orders.ts';
import { signedInAdmin } from '../testing/admin-session.ts';
import { orders } from './schema.ts';
import type { Order, OrderStatus } from '../../core/order.ts';

const { shop, supplyProduct } = orderTestShop();
let admin: Record<string, string>;
let shopper: Shopper;
beforeAll(async () => {
  [admin, shopper] = await Promise.all([signedInAdmin(shop()).then(({ headers }) => headers), verifiedShopper(shop())]);
});

const NOT_CANCELLABLE = { message: 'This order can no longer be cancelled.' };

const post = (url: string, headers: Record<string, string>, payload?: object) =>
  shop().app.inject({ method: 'POST', url, headers, payload });
/** Every status change is the back office's (decision 0051). */
const moveTo = (orderId: string, status: string, headers = admin) => moveOrder(shop(), headers, orderId, status);
const cancel = (orderId: string, headers: Record<string, string> = shopper.bearer) =>
  post(`/api/orders/${orderId}/cancel`, headers);
const orderOf = async (orderId: string): Promise<Order> =>
  (await shop().app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: shopper.bearer })).json().order;

/** A fresh COD order of 2 units of a product of its own; returns both ids. */
async function freshOrder(): Promise<{ orderId: string; productId: string }> {
  const productId = await supplyProduct({ stock: 10 });
  const orderId = await placedOrderId(shop(), shopper.bearer, orderBody([{ _id: productId, quantity: 2 }]));
  return { orderId, productId };
}

async function advanceThrough(orderId: string, statuses: OrderStatus[]) {
  for (const status of statuses) {
    const response = await moveTo(orderId, status);
    expect(response.statusCode, response.body).toBe(200);
  }
}

/** The order reads as not cancellable, the shopper's cancel is refused, and its status and stock (8 of 10) stay. */
async function expectCancelRefused(
  { orderId, productId }: { orderId: string; productId: string },
  status: OrderStatus,
) {
  expect((await orderOf(orderId)).cancellable).toBe(false);
  const response = await cancel(orderId);
  expect(response.statusCode).toBe(409);
  expect(response.json()).toEqual(NOT_CANCELLABLE);
  expect((await orderOf(orderId)).orderStatus).toBe(status);
  expect(await storedStock(shop(), productId)).toBe(8);
}

describe('the order lifecycle', () => {
  it('starts placed, then moves placed → confirmed → packed → shipped → delivered, each with its time', async () => {
    const { orderId } = await freshOrder();
    const placed = await orderOf(orderId);
    expect(placed.orderStatus).toBe('placed');
    expect(placed.statusHistory).toEqual([{ status: 'placed', at: placed.createdAt }]);
    expect(placed.cancellable).toBe(true);

    const steps: OrderStatus[] = ['confirmed', 'packed', 'shipped', 'delivered'];
    for (const status of steps) {
      const response = await moveTo(orderId, status);
      expect(response.statusCode).toBe(200);
      expect(response.json().order.status).toBe(status);
    }
    const delivered = await orderOf(orderId);
    expect(delivered.statusHistory.map((event) => event.status)).toEqual(['placed', ...steps]);
    const times = delivered.statusHistory.map((event) => Date.parse(event.at));
    expect(times.every((time) => Number.isFinite(time))).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(delivered.cancellable).toBe(false);
  });

  it('marks cash on delivery paid when delivered, and not before', async () => {
    const { orderId } = await freshOrder();
    await advanceThrough(orderId, ['confirmed', 'packed', 'shipped']);
    expect(await orderOf(orderId)).toMatchObject({ isPaid: false, paymentStatus: 'pending' });
    await advanceThrough(orderId, ['delivered']);
    expect(await orderOf(orderId)).toMatchObject({ isPaid: true, paymentStatus: 'paid' });
  });

  it('refuses to skip a step or go back with 409', async () => {
    const { orderId } = await freshOrder();
    const skipped = await moveTo(orderId, 'packed');
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json()).toEqual({ message: 'An order that is placed cannot become packed.' });
    await advanceThrough(orderId, ['confirmed', 'packed']);
    for (const status of ['confirmed', 'packed', 'delivered']) {
      expect((await moveTo(orderId, status)).statusCode).toBe(409);
    }
    // Back to placed is no move the back office offers.
    expect((await moveTo(orderId, 'placed')).statusCode).toBe(400);
    expect((await orderOf(orderId)).statusHistory.map((event) => event.status)).toEqual([
      'placed',
      'confirmed',
      'packed',
    ]);
  });

  it('lets only the back office move an order: a shopper or a visitor gets 403', async () => {
    const { orderId } = await freshOrder();
    const byShopper = await moveTo(orderId, 'confirmed', shopper.bearer);
    expect(byShopper.statusCode).toBe(403);
    expect((await moveTo(orderId, 'confirmed', {})).statusCode).toBe(403);
    expect((await orderOf(orderId)).orderStatus).toBe('placed');
  });

  it('answers 400 for an unknown status and 404 for an unknown order', async () => {
    const { orderId } = await freshOrder();
    const unknownStatus = await moveTo(orderId, 'lost');
    expect(unknownStatus.statusCode).toBe(400);
    expect(unknownStatus.json()).toEqual({ message: 'status must be one of confirmed, packed, shipped, delivered' });
    expect((await moveTo('ABCDEFGHJKMNPQRSTVWXYZ01', 'confirmed')).statusCode).toBe(404);
  });
});

describe('POST /api/orders/:orderId/cancel', () => {
  it('cancels within 24 hours before packing, returns the stock and mails the shopper', async () => {
    const { orderId, productId } = await freshOrder();
    expect((await catalogProduct(shop(), productId)).countInStock).toBe(8);

    const response = await cancel(orderId);
    expect(response.statusCode).toBe(200);
    const { order, message } = response.json<{ order: Order; message: string }>();
    expect(message).toBe('Your order has been cancelled.');
    expect(order).toMatchObject({ orderId, orderStatus: 'cancelled', cancellable: false });
    expect(order.statusHistory.map((event) => event.status)).toEqual(['placed', 'cancelled']);
    expect(await storedStock(shop(), productId)).toBe(10);
    expect((await catalogProduct(shop(), productId)).countInStock).toBe(10);

    const mails = await queuedMails(shop(), shopper.email, `Order cancelled: #${orderId.slice(-6)}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(orderId);
  });

  it('cancels a confirmed order too', async () => {
    const { orderId, productId } = await freshOrder();
    await advanceThrough(orderId, ['confirmed']);
    expect((await cancel(orderId)).statusCode).toBe(200);
    expect(await storedStock(shop(), productId)).toBe(10);
  });

  it('refuses once the order is packed', async () => {
    const { orderId, productId } = await freshOrder();
    await advanceThrough(orderId, ['confirmed', 'packed']);
    await expectCancelRefused({ orderId, productId }, 'packed');
  });

  it('refuses after 24 hours', async () => {
    const { orderId, productId } = await freshOrder();
    await shop()
      .services.database.db.update(orders)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(orders.orderId, orderId));
    await expectCancelRefused({ orderId, productId }, 'placed');
    expect(await queuedMails(shop(), shopper.email, `Order cancelled: #${orderId.slice(-6)}`)).toHaveLength(0);
  });

  it('refuses to cancel twice, and returns the stock only once', async () => {
    const { orderId, productId } = await freshOrder();
    expect((await cancel(orderId)).statusCode).toBe(200);
    const again = await cancel(orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(NOT_CANCELLABLE);
    expect(await storedStock(shop(), productId)).toBe(10);
  });

  it('returns the stock once when two cancellations race', async () => {
    const { orderId, productId } = await freshOrder();
    const responses = await Promise.all([cancel(orderId), cancel(orderId), cancel(orderId)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await storedStock(shop(), productId)).toBe(10);
    expect(await queuedMails(shop(), shopper.email, `Order cancelled: #${orderId.slice(-6)}`)).toHaveLength(1);
  });

  it('answers 404 for an unknown order and 401 without a session', async () => {
    expect((await cancel('ABCDEFGHJKMNPQRSTVWXYZ01')).statusCode).toBe(404);
    const { orderId } = await freshOrder();
    expect((await cancel(orderId, {})).statusCode).toBe(401);
  });
});
