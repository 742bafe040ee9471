import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { testShopFor, type TestShop } from './harness.ts';
import { signUp, uniqueEmail } from './accounts.ts';
import { users } from '../auth/schema.ts';
import { products } from '../catalog/schema.ts';
import { stockLevels, stockMovements } from '../stock/schema.ts';
import { mailOutbox } from '../mail/schema.ts';
import { orderItems, orders } from '../orders/schema.ts';
import { ORDER_CONFIRMATION_JOB } from '../orders/confirmation.ts';
import type { Product } from '../../core/product.ts';
import type { Order } from '../../core/order.ts';

/** A shipping address that passes every checkout rule of spec section 5. */
export const validAddress = {
  fname: 'Asha',
  lname: 'Verma',
  address1: '12 MG Road',
  address2: 'Flat 4B',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
  phone: '9876543210',
  email: 'asha.shipping@example.in',
};

/** A create-order body; cash on delivery unless told otherwise. Lines may carry anything a client could send. */
export const orderBody = (orderItems: object[], changes: Record<string, unknown> = {}) => ({
  orderItems,
  shippingAddress: validAddress,
  paymentMethod: 'cod',
  ageConfirmed: true,
  ...changes,
});

export type Shopper = Awaited<ReturnType<typeof signUp>> & { userId: string };

/** Signs a shopper up and marks the e-mail verified in the database, as following the mailed link would. */
export async function verifiedShopper(shop: TestShop, email = uniqueEmail()): Promise<Shopper> {
  const shopper = await signUp(shop, email);
  const userId = shopper.body.user._id;
  await shop.services.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
  return { ...shopper, userId };
}

/**
 * A shopper whose account has the old staff role (`users.role` 'admin'): nothing grants it since decision 0051 and
 * nothing reads it, but accounts made staff before keep it, and it must open nothing.
 */
export async function oldStaffBearer(shop: TestShop): Promise<{ authorization: string }> {
  const { email, password, userId } = await verifiedShopper(shop);
  await shop.services.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, userId));
  const signIn = await shop.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
  expect(signIn.statusCode).toBe(200);
  return { authorization: `Bearer ${signIn.json<{ accessToken: string }>().accessToken}` };
}

/** What the back office needs to mark an order shipped. */
export const TRACKING = {
  courier: 'Delhivery',
  trackingNumber: 'DL1234567890',
  trackingUrl: 'https://www.delhivery.com/track/package/DL1234567890',
};

/**
 * Moves an order to `status` the one way there is (decision 0051): the back office's
 * `POST /api/admin/orders/{orderId}/status`, as a signed-in admin (`admin`: its cookie and CSRF headers); shipped
 * carries TRACKING.
 */
export const moveOrder = (shop: TestShop, admin: Record<string, string>, orderId: string, status: string) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/status`,
    headers: admin,
    payload: { status, ...(status === 'shipped' ? TRACKING : {}) },
  });

export const placeOrder = (shop: TestShop, bearer: Record<string, string>, body: object, idempotencyKey?: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/orders/create-order',
    headers: { ...bearer, ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }) },
    payload: body,
  });

/** Places an order that must succeed and returns its public id. */
export async function placedOrderId(shop: TestShop, bearer: Record<string, string>, body: object): Promise<string> {
  const response = await placeOrder(shop, bearer, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ orderId: string }>().orderId;
}

/**
 * Hands out a different demo product on each call, with the stock (and optionally the price) a test needs,
 * so tests in one file never share stock. The catalogue cache is refreshed after the direct database change.
 */
export function productSupply(shop: TestShop) {
  let next = 0;
  return async ({ stock, pricePaise }: { stock: number; pricePaise?: number }): Promise<string> => {
    const rows = await shop.services.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id));
    const id = rows[next++]?.id;
    if (!id) throw new Error('The demo catalogue has run out of products for this test file');
    await setProduct(shop, id, { stock, pricePaise });
    return id;
  };
}

type ProductSupply = ReturnType<typeof productSupply>;

/** What the order tests share: the file's test shop (see testShopFor) and a supply of its demo products. */
export function orderTestShop(env: Record<string, string> = {}) {
  const shop = testShopFor(env);
  let supply: ProductSupply | undefined;
  return {
    shop,
    supplyProduct: (product: Parameters<ProductSupply>[0]) => (supply ??= productSupply(shop()))(product),
  };
}

export async function setProduct(
  shop: TestShop,
  id: string,
  { stock, pricePaise }: { stock: number; pricePaise?: number },
) {
  await shop.services.database.transaction(async (tx) => {
    const [before] = await tx
      .select({ stock: stockLevels.countInStock })
      .from(stockLevels)
      .where(eq(stockLevels.productId, id))
      .for('update');
    await tx.update(stockLevels).set({ countInStock: stock }).where(eq(stockLevels.productId, id));
    if (pricePaise !== undefined)
      await tx
        .update(products)
        .set({ pricePaise, originalPricePaise: sql`greatest(${products.originalPricePaise}, ${pricePaise})` })
        .where(eq(products.id, id));
    // The stock stays the sum of the ledger (decision 0034): the test's stock is recorded as if imported anew.
    const change = stock - before!.stock;
    if (change !== 0) await tx.insert(stockMovements).values({ productId: id, quantity: change, kind: 'import' });
  });
  await shop.services.catalog.publishChange();
}

/** The product as the storefront API shows it (through the catalogue cache). */
export async function catalogProduct(shop: TestShop, id: string): Promise<Product> {
  const response = await shop.app.inject({ method: 'GET', url: `/api/product/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json<{ product: Product }>().product;
}

/** The stock as stored, bypassing every cache. */
export async function storedStock(shop: TestShop, id: string): Promise<number> {
  const [row] = await shop.services.database.db
    .select({ stock: stockLevels.countInStock })
    .from(stockLevels)
    .where(eq(stockLevels.productId, id));
  return row!.stock;
}

/** How many orders a user has, and how many order lines and units a product has across all orders. */
export async function orderCount(shop: TestShop, userId: string): Promise<number> {
  const [row] = await shop.services.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.userId, userId));
  return row!.count;
}

export async function productSales(shop: TestShop, productId: string): Promise<{ orders: number; units: number }> {
  const [row] = await shop.services.database.db
    .select({
      orders: sql<number>`count(distinct ${orderItems.orderId})::int`,
      units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
    })
    .from(orderItems)
    .where(eq(orderItems.productId, productId));
  return row!;
}

/** The mails queued in the outbox for an address whose subject starts with `subject`. */
export async function queuedMails(shop: TestShop, to: string, subject: string) {
  // An order's confirmation is queued by a job scheduled with the order: those jobs run first, and only those.
  await shop.services.jobs.runDue([ORDER_CONFIRMATION_JOB]);
  return shop.services.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), sql`${mailOutbox.subject} like ${`${subject}%`}`));
}

/** The signed-in shopper's orders as GET /api/orders/get-user-orders lists them. */
export async function userOrders(shop: TestShop, bearer: Record<string, string>): Promise<Order[]> {
  const response = await shop.app.inject({ method: 'GET', url: '/api/orders/get-user-orders', headers: bearer });
  expect(response.statusCode).toBe(200);
  return response.json<Order[]>();
}
