import { describe, expect, it } from 'vitest';
import { signUp } from '../testing/accounts.ts';
import { orderTestShop } from '../testing/orders.ts';
import { importCatalogue } from '../catalog/index.ts';
import { importStock } from '../stock/index.ts';
import { MAX_WISHLIST_ITEMS } from '../../core/constants.ts';
import type { Wishlist } from '../../core/contracts/wishlist.ts';

const { shop, supplyProduct } = orderTestShop();

type Headers = Record<string, string>;
const inject = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, headers: Headers, payload?: object) =>
  shop().app.inject({ method, url, headers, payload });
const getList = (headers: Headers) => inject('GET', '/api/wishlist', headers);
const add = (headers: Headers, productId: string) => inject('PUT', `/api/wishlist/items/${productId}`, headers);
const remove = (headers: Headers, productId: string) => inject('DELETE', `/api/wishlist/items/${productId}`, headers);
const merge = (headers: Headers, ids: string[]) =>
  inject('POST', '/api/wishlist/merge', headers, { items: ids.map((_id) => ({ _id })) });
const listOf = (response: Awaited<ReturnType<typeof getList>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Wishlist>();
};
const idsOf = (response: Awaited<ReturnType<typeof getList>>) => listOf(response).items.map((item) => item._id);
const shopper = async () => (await signUp(shop())).bearer;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('the wishlist needs a signed-in shopper', () => {
  it.each([
    ['GET', '/api/wishlist', undefined],
    ['PUT', `/api/wishlist/items/${UNKNOWN}`, undefined],
    ['DELETE', `/api/wishlist/items/${UNKNOWN}`, undefined],
    ['POST', '/api/wishlist/merge', { items: [] }],
    ['PUT', '/api/wishlist/back-in-stock-mails', { on: false }],
    // The session is checked before the body, so a client without one always learns to refresh.
    ['POST', '/api/wishlist/merge', { items: 'nonsense' }],
  ] as const)('%s %s answers 401 without a token', async (method, url, payload) => {
    const response = await shop().app.inject({ method, url, payload });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in' });
    const forged = await shop().app.inject({ method, url, payload, headers: { authorization: 'Bearer forged' } });
    expect(forged.statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents every wishlist route, the signed-in ones with the bearer token', async () => {
    const { paths } = (await shop().app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, { security?: unknown; tags?: string[] }>>;
    }>();
    const signedInOnes = [
      paths['/api/wishlist']?.get,
      paths['/api/wishlist/items/{productId}']?.put,
      paths['/api/wishlist/items/{productId}']?.delete,
      paths['/api/wishlist/merge']?.post,
      paths['/api/wishlist/back-in-stock-mails']?.put,
    ];
    for (const operation of signedInOnes) {
      expect(operation).toMatchObject({ tags: ['wishlist'], security: [{ bearerAuth: [] }] });
    }
    const stop = paths['/api/wishlist/back-in-stock-mails/stop']?.get;
    expect(stop).toMatchObject({ tags: ['wishlist'] });
    expect(stop?.security).toBeUndefined();
  });
});

describe('adding and removing', () => {
  it('starts empty, keeps products in the order added, once each, read from the catalogue now', async () => {
    const bearer = await shopper();
    expect(listOf(await getList(bearer))).toEqual({ items: [], backInStockMails: true });
    const [lamp, vase] = [await supplyProduct({ stock: 4 }), await supplyProduct({ stock: 0 })];
    await add(bearer, lamp);
    await add(bearer, vase);
    // Again, and in capitals: ignored, and the first stays first.
    const list = listOf(await add(bearer, lamp.toUpperCase()));
    expect(list.items.map((item) => [item._id, item.countInStock])).toEqual([
      [lamp, 4],
      [vase, 0],
    ]);
    const catalogued = (await shop().app.inject(`/api/product/${lamp}`)).json().product;
    expect(list.items[0]).toEqual({
      _id: lamp,
      title: catalogued.title,
      slug: catalogued.slug,
      price: catalogued.price,
      image: catalogued.image,
      countInStock: 4,
      unavailable: false,
    });

    expect(idsOf(await remove(bearer, lamp))).toEqual([vase]);
    // Removing what is not there is no error.
    expect(idsOf(await remove(bearer, lamp))).toEqual([vase]);
    expect(idsOf(await getList(bearer))).toEqual([vase]);
  });

  it('refuses ids of products the shop does not sell, and ids that are not product ids, with a message', async () => {
    const bearer = await shopper();
    for (const [id, status] of [
      [UNKNOWN, 400],
      ['lamp', 400],
      ["1' or '1'='1", 400],
    ] as const) {
      const response = await add(bearer, encodeURIComponent(id));
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message: 'This product does not exist' });
    }
    const malformedRemoval = await remove(bearer, 'lamp');
    expect(malformedRemoval.statusCode).toBe(400);
    expect(malformedRemoval.json()).toEqual({ message: 'This product does not exist' });
    expect(idsOf(await getList(bearer))).toEqual([]);
  });

  it("never shows or changes another shopper's wishlist", async () => {
    const [asha, ravi] = [await shopper(), await shopper()];
    const product = await supplyProduct({ stock: 3 });
    await add(asha, product);
    expect(idsOf(await getList(ravi))).toEqual([]);
    await remove(ravi, product);
    expect(idsOf(await getList(asha))).toEqual([product]);
  });
});

describe('WishlistService.clear (an account taken over)', () => {
  it('forgets the list and the mail choice, inside a transaction that is rolled back only with it', async () => {
    const { bearer, body } = await signUp(shop());
    const { wishlists, database } = shop().services;
    await add(bearer, await supplyProduct({ stock: 1 }));
    await inject('PUT', '/api/wishlist/back-in-stock-mails', bearer, { on: false });
    await expect(
      database.db.transaction(async (tx) => {
        await wishlists.clear(body.user._id, tx);
        throw new Error('the take-over failed');
      }),
    ).rejects.toThrow('the take-over failed');
    expect(idsOf(await getList(bearer))).toHaveLength(1);
    await wishlists.clear(body.user._id);
    expect(listOf(await getList(bearer))).toEqual({ items: [], backInStockMails: true });
  });
});

describe('POST /api/wishlist/merge', () => {
  it("adds the guest's products after the account's; merging the same list twice adds nothing twice", async () => {
    const bearer = await shopper();
    const [own, first, second] = [
      await supplyProduct({ stock: 2 }),
      await supplyProduct({ stock: 5 }),
      await supplyProduct({ stock: 0 }),
    ];
    await add(bearer, own);
    const guest = [first, own, second, first];
    expect(idsOf(await merge(bearer, guest))).toEqual([own, first, second]);
    expect(idsOf(await merge(bearer, guest))).toEqual([own, first, second]);
    expect(idsOf(await getList(bearer))).toEqual([own, first, second]);
  });

  it('from two devices at once still keeps each product once', async () => {
    const bearer = await shopper();
    const [one, two] = [await supplyProduct({ stock: 1 }), await supplyProduct({ stock: 1 })];
    await Promise.all(Array.from({ length: 5 }, () => merge(bearer, [one, two])));
    expect(idsOf(await getList(bearer))).toEqual([one, two]);
  });

  it('leaves out products the shop does not sell', async () => {
    const bearer = await shopper();
    const product = await supplyProduct({ stock: 1 });
    expect(idsOf(await merge(bearer, [UNKNOWN, product]))).toEqual([product]);
  });

  it(`refuses a list longer than ${MAX_WISHLIST_ITEMS}, ids that are not product ids, and a body without items`, async () => {
    const bearer = await shopper();
    const tooMany = Array.from({ length: MAX_WISHLIST_ITEMS + 1 }, () => UNKNOWN);
    const cases: Array<[object, string]> = [
      [{ items: tooMany.map((_id) => ({ _id })) }, `A wishlist can have at most ${MAX_WISHLIST_ITEMS} products`],
      [{ items: [{ _id: 'lamp' }] }, 'This product does not exist'],
      [{ items: [{}] }, 'Product id is required'],
    ];
    for (const [payload, message] of cases) {
      const response = await inject('POST', '/api/wishlist/merge', bearer, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    const withoutItems = await inject('POST', '/api/wishlist/merge', bearer, {});
    expect(withoutItems.statusCode).toBe(400);
    expect(withoutItems.json()).toEqual({ message: expect.any(String) });
  });
});

describe(`at most ${MAX_WISHLIST_ITEMS} products`, () => {
  /** Products of their own, as many as the limit and one more: the demo catalogue has fewer. */
  async function manyProducts(count: number): Promise<string[]> {
    const stamp = `${Date.now()}`;
    const { database, catalog } = shop().services;
    await database.db.transaction(async (tx) => {
      const ids = await importCatalogue(tx, {
        categories: [{ slug: 'wishes', name: 'Wishes', position: 99 }],
        products: Array.from({ length: count }, (_, index) => ({
          slug: `wish-${stamp}-${index}`,
          title: `Wish ${index}`,
          categorySlug: 'wishes',
          originalPricePaise: 10_000,
          pricePaise: 10_000,
          images: [],
          specs: [],
          description: [],
          whatsInTheBox: [],
          createdAt: new Date(),
        })),
        banners: [],
      });
      await importStock(
        tx,
        [...ids.values()].map((productId) => ({ productId, stock: 1 })),
      );
    });
    await catalog.publishChange();
    const { products } = (await shop().app.inject('/api/product/all-products')).json<{
      products: Array<{ _id: string; slug: string }>;
    }>();
    return products.filter((product) => product.slug.startsWith(`wish-${stamp}-`)).map((product) => product._id);
  }

  it('a merge adds up to the limit and leaves the rest out; adding one more is a 409 with a message', async () => {
    const bearer = await shopper();
    const ids = await manyProducts(MAX_WISHLIST_ITEMS + 1);
    const [first, ...rest] = ids;
    await add(bearer, first!);
    const merged = idsOf(await merge(bearer, rest));
    expect(merged).toHaveLength(MAX_WISHLIST_ITEMS);
    const leftOut = ids.find((id) => !merged.includes(id))!;
    const full = await add(bearer, leftOut);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: `A wishlist can have at most ${MAX_WISHLIST_ITEMS} products` });
    // One already listed is still fine: nothing is added.
    expect(idsOf(await add(bearer, first!))).toHaveLength(MAX_WISHLIST_ITEMS);
  });
});

describe('PUT /api/wishlist/back-in-stock-mails', () => {
  it('turns the mails off and on again, and refuses anything but a boolean', async () => {
    const bearer = await shopper();
    const set = (payload: object) => inject('PUT', '/api/wishlist/back-in-stock-mails', bearer, payload);
    expect(listOf(await set({ on: false })).backInStockMails).toBe(false);
    expect(listOf(await getList(bearer)).backInStockMails).toBe(false);
    expect(listOf(await set({ on: true })).backInStockMails).toBe(true);
    const wrong = await set({ on: 'yes' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Say on: true or on: false' });
  });
});
