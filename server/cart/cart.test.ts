import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import { signUp } from '../testing/accounts.ts';
import { stockLevels } from '../stock/schema.ts';
import type { Product } from '../../core/product.ts';
import type { CartItem } from '../../core/cart.ts';

let shop: TestShop;
/** Demo products picked by stock: few left, plenty left, plenty of another kind, and sold out. */
let scarce: Product;
let plenty: Product;
let other: Product;
let soldOut: Product;

beforeAll(async () => {
  shop = await startTestShop();
  const list = (await shop.app.inject('/api/product/all-products')).json<{ products: Product[] }>().products;
  const inStock = list.filter((product) => product.countInStock > 0);
  scarce = inStock.reduce((least, product) => (product.countInStock < least.countInStock ? product : least));
  const plentiful = inStock.filter((product) => product.countInStock >= 10);
  plenty = plentiful[0]!;
  other = plentiful[1]!;
  soldOut = list.find((product) => product.countInStock === 0)!;
  expect(scarce.countInStock).toBeLessThanOrEqual(3);
  expect([plenty, other, soldOut].every(Boolean)).toBe(true);
});
afterAll(async () => {
  await shop?.close();
});

type Headers = Record<string, string>;
const getCart = (headers: Headers) => shop.app.inject({ method: 'GET', url: '/api/cart', headers });
const putCart = (headers: Headers, payload: object) =>
  shop.app.inject({ method: 'PUT', url: '/api/cart', headers, payload });
const mergeCart = (headers: Headers, payload: object) =>
  shop.app.inject({ method: 'POST', url: '/api/cart/merge', headers, payload });
const cartOf = (response: Awaited<ReturnType<typeof getCart>>) => {
  expect(response.statusCode).toBe(200);
  return response.json<{ cartItems: CartItem[] }>().cartItems;
};
const quantities = (items: CartItem[]) => items.map(({ _id, quantity }) => [_id, quantity]);
const line = (product: Product, quantity: number) => ({ _id: product._id, quantity });

/** Changes a product's stock in the database and lets the catalogue know, as an order or the shop would. */
async function setStock(product: Product, countInStock: number) {
  await shop.services.database.db
    .update(stockLevels)
    .set({ countInStock })
    .where(eq(stockLevels.productId, product._id));
  await shop.services.catalog.publishChange();
}

describe('the server cart needs a signed-in shopper', () => {
  it.each([
    ['GET', '/api/cart', undefined],
    ['PUT', '/api/cart', { items: [] }],
    ['POST', '/api/cart/merge', { items: [] }],
    // The session is checked before the body, so a client without one always learns to refresh.
    ['PUT', '/api/cart', { items: 'nonsense' }],
  ] as const)('%s %s answers 401 without a token', async (method, url, payload) => {
    const response = await shop.app.inject({ method, url, payload });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in' });
    const forged = await shop.app.inject({ method, url, payload, headers: { authorization: 'Bearer forged' } });
    expect(forged.statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the cart routes as needing the bearer token', async () => {
    const spec = (await shop.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, { security?: unknown; tags?: string[] }>>;
    }>();
    const operations = [
      spec.paths['/api/cart']?.get,
      spec.paths['/api/cart']?.put,
      spec.paths['/api/cart/merge']?.post,
    ];
    for (const operation of operations) {
      expect(operation).toMatchObject({ tags: ['cart'], security: [{ bearerAuth: [] }] });
    }
  });
});

describe('PUT and GET /api/cart', () => {
  it('starts empty, then keeps the lines in order, priced from the catalogue whatever the client sent', async () => {
    const { bearer } = await signUp(shop);
    expect(cartOf(await getCart(bearer))).toEqual([]);

    const sent = [
      { ...line(plenty, 2), price: 1, title: 'Cheap', countInStock: 999, image: ['https://evil.example/x.png'] },
      line(scarce, 1),
    ];
    const saved = cartOf(await putCart(bearer, { items: sent }));
    const expected = [plenty, scarce].map((product, index) => ({
      _id: product._id,
      title: product.title,
      slug: product.slug,
      price: product.price,
      image: product.image,
      countInStock: product.countInStock,
      quantity: sent[index]!.quantity,
    }));
    expect(saved).toEqual(expected);
    expect(cartOf(await getCart(bearer))).toEqual(expected);
  });

  it('replaces the whole cart, and an empty list empties it', async () => {
    const { bearer } = await signUp(shop);
    await putCart(bearer, { items: [line(plenty, 1), line(other, 1)] });
    expect(quantities(cartOf(await putCart(bearer, { items: [line(other, 3)] })))).toEqual([[other._id, 3]]);
    expect(cartOf(await putCart(bearer, { items: [] }))).toEqual([]);
    expect(cartOf(await getCart(bearer))).toEqual([]);
  });

  it('caps quantities by stock and adds up a product sent twice', async () => {
    const { bearer } = await signUp(shop);
    const items = [line(scarce, 50), line(plenty, 1), { _id: plenty._id.toUpperCase(), quantity: 2 }];
    expect(quantities(cartOf(await putCart(bearer, { items })))).toEqual([
      [scarce._id, scarce.countInStock],
      [plenty._id, 3],
    ]);
  });

  // Decision: well-formed ids of products the shop does not sell (any more) are left out, not refused, because
  // a browser cart can outlive a product and one stale line must not stop the rest from syncing. Ids that are
  // not product ids at all are malformed requests (400).
  it('leaves out unknown and sold-out products, and refuses ids that are not product ids', async () => {
    const { bearer } = await signUp(shop);
    const unknown = { _id: '00000000-0000-4000-8000-000000000000', quantity: 1 };
    const items = [unknown, line(soldOut, 1), line(plenty, 1)];
    expect(quantities(cartOf(await putCart(bearer, { items })))).toEqual([[plenty._id, 1]]);

    const malformed = await putCart(bearer, { items: [{ _id: 'lamp', quantity: 1 }] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'This product does not exist' });
  });

  it.each([
    [0, 'Quantity must be at least 1'],
    [-2, 'Quantity must be at least 1'],
    [1.5, 'Quantity must be a whole number'],
    [100, 'Quantity must be at most 99'],
    ['2', expect.any(String)],
    [null, expect.any(String)],
  ])('refuses the quantity %j with 400 and a message', async (quantity, message) => {
    const { bearer } = await signUp(shop);
    for (const send of [putCart, mergeCart]) {
      const response = await send(bearer, { items: [{ _id: plenty._id, quantity }] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect(cartOf(await getCart(bearer))).toEqual([]);
  });

  it('refuses a body without items', async () => {
    const { bearer } = await signUp(shop);
    const response = await putCart(bearer, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('shows the stock as it is now: a line whose stock fell is capped, a sold-out line is hidden', async () => {
    const { bearer } = await signUp(shop);
    const before = other.countInStock;
    await putCart(bearer, { items: [line(other, 5), line(plenty, 1)] });
    try {
      await setStock(other, 2);
      expect(quantities(cartOf(await getCart(bearer)))).toEqual([
        [other._id, 2],
        [plenty._id, 1],
      ]);
      await setStock(other, 0);
      expect(quantities(cartOf(await getCart(bearer)))).toEqual([[plenty._id, 1]]);
    } finally {
      await setStock(other, before);
    }
  });
});

describe('POST /api/cart/merge', () => {
  it('adds the guest cart into the server cart, capped by stock; new lines come last', async () => {
    const { bearer } = await signUp(shop);
    await putCart(bearer, { items: [line(scarce, 1), line(plenty, 2)] });
    const merged = cartOf(
      await mergeCart(bearer, { items: [line(other, 1), line(plenty, 3), line(scarce, scarce.countInStock)] }),
    );
    expect(quantities(merged)).toEqual([
      [scarce._id, scarce.countInStock],
      [plenty._id, 5],
      [other._id, 1],
    ]);
    expect(merged.find((item) => item._id === other._id)?.price).toBe(other.price);
    expect(cartOf(await getCart(bearer))).toEqual(merged);
  });

  it('with an empty guest cart, answers with the server cart unchanged', async () => {
    const { bearer } = await signUp(shop);
    await putCart(bearer, { items: [line(plenty, 2)] });
    expect(quantities(cartOf(await mergeCart(bearer, { items: [] })))).toEqual([[plenty._id, 2]]);
  });

  it('never goes above 99 of one product, even with more in stock', async () => {
    const { bearer } = await signUp(shop);
    const before = other.countInStock;
    try {
      await setStock(other, 500);
      await putCart(bearer, { items: [line(other, 60)] });
      expect(quantities(cartOf(await mergeCart(bearer, { items: [line(other, 60)] })))).toEqual([[other._id, 99]]);
    } finally {
      await setStock(other, before);
    }
  });

  it('applies merges that arrive at once one after the other, so no quantity is lost', async () => {
    const { bearer } = await signUp(shop);
    await Promise.all(Array.from({ length: 5 }, () => mergeCart(bearer, { items: [line(plenty, 1)] })));
    expect(quantities(cartOf(await getCart(bearer)))).toEqual([[plenty._id, 5]]);
  });
});

describe('one shopper, one cart', () => {
  it("never shows or changes another shopper's cart", async () => {
    const asha = await signUp(shop);
    const ravi = await signUp(shop);
    await putCart(asha.bearer, { items: [line(plenty, 2)] });
    await putCart(ravi.bearer, { items: [line(other, 1)] });
    await mergeCart(ravi.bearer, { items: [line(scarce, 1)] });
    expect(quantities(cartOf(await getCart(asha.bearer)))).toEqual([[plenty._id, 2]]);
    expect(quantities(cartOf(await getCart(ravi.bearer)))).toEqual([
      [other._id, 1],
      [scarce._id, 1],
    ]);
    await putCart(ravi.bearer, { items: [] });
    expect(quantities(cartOf(await getCart(asha.bearer)))).toEqual([[plenty._id, 2]]);
  });

  it('is emptied by CartService.clear, also inside a transaction that is rolled back only with it', async () => {
    const { bearer, body } = await signUp(shop);
    const userId = body.user._id;
    const { carts, database } = shop.services;
    await putCart(bearer, { items: [line(plenty, 1)] });
    await expect(
      database.db.transaction(async (tx) => {
        await carts.clear(userId, tx);
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect(cartOf(await getCart(bearer))).toHaveLength(1);
    await carts.clear(userId);
    expect(cartOf(await getCart(bearer))).toEqual([]);
  });
});
