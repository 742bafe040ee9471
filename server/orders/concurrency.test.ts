import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  catalogProduct,
  orderBody,
  orderCount,
  orderTestShop,
  placeOrder,
  productSales,
  storedStock,
  verifiedShopper,
  type Shopper,
} from '../testing/orders.ts';

const { shop, supplyProduct } = orderTestShop();
let shoppers: Shopper[];
beforeAll(async () => {
  shoppers = await Promise.all(Array.from({ length: 20 }, () => verifiedShopper(shop())));
});

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe('concurrent buyers', () => {
  // PGlite runs one statement at a time; the point is PostgreSQL, where the transactions really overlap.
  it('sell exactly the 50 in stock to 200 simultaneous orders, and refuse the rest naming the product', async () => {
    const productId = await supplyProduct({ stock: 50 });
    const { title } = await catalogProduct(shop(), productId);
    const body = orderBody([{ _id: productId, quantity: 1 }]);

    const responses = await Promise.all(
      shoppers.flatMap(({ bearer }) => Array.from({ length: 10 }, () => placeOrder(shop(), bearer, body))),
    );

    expect(statuses(responses)).toEqual({ 201: 50, 409: 150 });
    for (const response of responses.filter(({ statusCode }) => statusCode === 409)) {
      expect(response.json()).toEqual({ message: `Sorry, '${title}' is out of stock.` });
    }
    expect(new Set(responses.filter(({ statusCode }) => statusCode === 201).map((r) => r.json().orderId)).size).toBe(
      50,
    );
    expect(await storedStock(shop(), productId)).toBe(0);
    expect(await productSales(shop(), productId)).toEqual({ orders: 50, units: 50 });
    expect((await catalogProduct(shop(), productId)).countInStock).toBe(0);
  });

  it('never oversells when orders take several units and several products', async () => {
    const [lamp, vase] = [await supplyProduct({ stock: 30 }), await supplyProduct({ stock: 30 })];
    // Half the buyers list the products in one order, half in the other: locking must not deadlock.
    const responses = await Promise.all(
      shoppers.flatMap(({ bearer }, index) =>
        Array.from({ length: 2 }, () => {
          const lines = [
            { _id: lamp, quantity: 2 },
            { _id: vase, quantity: 3 },
          ];
          return placeOrder(shop(), bearer, orderBody(index % 2 ? lines : lines.reverse()));
        }),
      ),
    );

    expect(statuses(responses)).toEqual({ 201: 10, 409: 30 });
    expect(await storedStock(shop(), lamp)).toBe(10);
    expect(await storedStock(shop(), vase)).toBe(0);
    expect(await productSales(shop(), lamp)).toEqual({ orders: 10, units: 20 });
    expect(await productSales(shop(), vase)).toEqual({ orders: 10, units: 30 });
  });
});

describe('concurrent retries with one Idempotency-Key', () => {
  it.each([
    {
      when: 'give one order: one 201 and nine 200 with the same orderId, and stock taken once',
      stock: 10,
      shopperIndex: 0,
    },
    { when: 'still answer with the order when it took the last items', stock: 2, shopperIndex: 1 },
  ])('$when', async ({ stock, shopperIndex }) => {
    const productId = await supplyProduct({ stock });
    const shopper = shoppers[shopperIndex]!;
    const before = await orderCount(shop(), shopper.userId);
    const key = randomUUID();
    const body = orderBody([{ _id: productId, quantity: 2 }]);

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(shop(), shopper.bearer, body, key)),
    );

    expect(statuses(responses)).toEqual({ 201: 1, 200: 9 });
    expect(new Set(responses.map((response) => response.json().orderId)).size).toBe(1);
    expect(await orderCount(shop(), shopper.userId)).toBe(before + 1);
    expect(await storedStock(shop(), productId)).toBe(stock - 2);
  });
});
