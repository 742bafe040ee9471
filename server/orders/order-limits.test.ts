import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../catalog/schema.ts';
import {
  catalogProduct,
  orderBody,
  orderCount,
  orderTestShop,
  placeOrder,
  storedStock,
  userOrders,
  verifiedShopper,
} from '../testing/orders.ts';

const ORDERS_PER_HOUR = 3;
const { shop, supplyProduct } = orderTestShop({
  ORDERS_PER_HOUR: String(ORDERS_PER_HOUR),
  COD_MAX_RUPEES: '2000',
});

describe('orders per shopper per hour', () => {
  it('answers the order after the limit with 429 and Retry-After, while another shopper can still order', async () => {
    const productId = await supplyProduct({ stock: 50, pricePaise: 50_000 });
    const body = orderBody([{ _id: productId, quantity: 1 }]);
    const [busy, other] = [await verifiedShopper(shop()), await verifiedShopper(shop())];
    for (let count = 0; count < ORDERS_PER_HOUR; count++) {
      expect((await placeOrder(shop(), busy.bearer, body)).statusCode).toBe(201);
    }
    const refused = await placeOrder(shop(), busy.bearer, body, randomUUID());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: expect.stringMatching(
        /^You have placed many orders in the last hour\. Please try again in 60 minutes\.$/,
      ),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await orderCount(shop(), busy.userId)).toBe(ORDERS_PER_HOUR);
    expect(await storedStock(shop(), productId)).toBe(50 - ORDERS_PER_HOUR);

    expect((await placeOrder(shop(), other.bearer, body)).statusCode).toBe(201);
  });

  it('still answers a retry of an order placed before the limit was reached with that order', async () => {
    const productId = await supplyProduct({ stock: 50, pricePaise: 50_000 });
    const body = orderBody([{ _id: productId, quantity: 1 }]);
    const shopper = await verifiedShopper(shop());
    const key = randomUUID();
    const first = await placeOrder(shop(), shopper.bearer, body, key);
    expect(first.statusCode).toBe(201);
    for (let count = 1; count < ORDERS_PER_HOUR; count++) await placeOrder(shop(), shopper.bearer, body);
    expect((await placeOrder(shop(), shopper.bearer, body)).statusCode).toBe(429);

    const retry = await placeOrder(shop(), shopper.bearer, body, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ orderId: first.json().orderId });
  });
});

describe('cash on delivery limit (COD_MAX_RUPEES)', () => {
  it('refuses cash on delivery above the limit, naming it, and accepts prepaid for the same cart', async () => {
    // ₹1,000 each: two are ₹2,000 (free shipping), exactly the limit; three are above it.
    const productId = await supplyProduct({ stock: 10, pricePaise: 100_000 });
    const [shopper, other] = [await verifiedShopper(shop()), await verifiedShopper(shop())];
    const three = [{ _id: productId, quantity: 3 }];

    const refused = await placeOrder(shop(), shopper.bearer, orderBody(three));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Cash on delivery is available for orders up to ₹2,000. Please choose prepaid for this order.',
    });
    expect(await orderCount(shop(), shopper.userId)).toBe(0);
    expect(await storedStock(shop(), productId)).toBe(10);

    const prepaid = await placeOrder(shop(), shopper.bearer, orderBody(three, { paymentMethod: 'prepaid' }));
    expect(prepaid.statusCode).toBe(201);
    const atTheLimit = await placeOrder(shop(), other.bearer, orderBody([{ _id: productId, quantity: 2 }]));
    expect(atTheLimit.statusCode).toBe(201);
    expect((await userOrders(shop(), other.bearer))[0]).toMatchObject({ paymentMethod: 'cod', totalPrice: 2000 });
    expect(await storedStock(shop(), productId)).toBe(5);
  });

  it('checks the price in the database, even when the catalogue cache still shows a lower one', async () => {
    const productId = await supplyProduct({ stock: 10, pricePaise: 60_000 });
    await catalogProduct(shop(), productId); // the cache now holds ₹600: three are ₹1,800
    await shop()
      .services.database.db.update(products)
      .set({ pricePaise: 100_000, originalPricePaise: 150_000 })
      .where(eq(products.id, productId)); // changed behind the cache's back: three are ₹3,000
    const shopper = await verifiedShopper(shop());
    const response = await placeOrder(shop(), shopper.bearer, orderBody([{ _id: productId, quantity: 3 }]));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Cash on delivery is available for orders up to ₹2,000\./);
    expect(await storedStock(shop(), productId)).toBe(10);
    expect(await orderCount(shop(), shopper.userId)).toBe(0);
  });

  it('ignores any total the client sends', async () => {
    const productId = await supplyProduct({ stock: 10, pricePaise: 100_000 });
    const shopper = await verifiedShopper(shop());
    const body = { ...orderBody([{ _id: productId, quantity: 3 }]), totalPrice: 100, itemsPrice: 100 };
    expect((await placeOrder(shop(), shopper.bearer, body)).statusCode).toBe(400);
    expect(await storedStock(shop(), productId)).toBe(10);
  });
});
