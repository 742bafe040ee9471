import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import { categories, products } from './schema.ts';
import { stockLevels } from '../stock/schema.ts';
import { importCatalogue } from './import.ts';
import { MAX_CATEGORIES } from '../../core/contracts/admin-products.ts';
import { DEMO_PRODUCTS } from '../../demo/products.ts';
import type { Product } from '../../core/product.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: 'GET', url, headers });
const allProducts = async () => (await get('/api/product/all-products')).json<{ products: Product[] }>().products;

describe('GET /api/product/all-products', () => {
  it('lists every demo product, newest first, with the fields of spec section 3 and its listing facts', async () => {
    const response = await get('/api/product/all-products');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const list = response.json<{ products: Product[] }>().products;
    expect(list).toHaveLength(DEMO_PRODUCTS.length);
    expect(list.length).toBeGreaterThanOrEqual(24);
    const times = list.map((product) => Date.parse(product.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const product of list) {
      expect(Object.keys(product).sort()).toEqual(
        [
          '_id',
          'category',
          'countInStock',
          'createdAt',
          'description',
          'discount',
          'image',
          'imageAlt',
          'isDiscount',
          'listingFacts',
          'numReviews',
          'originalPrice',
          'price',
          'rating',
          'slug',
          'specs',
          'title',
          'whatsInTheBox',
        ].sort(),
      );
      expect(product.image.length).toBeGreaterThanOrEqual(3);
      expect(product.image.length).toBeLessThanOrEqual(5);
      expect(product.imageAlt).toHaveLength(product.image.length);
      // The demo seed gives every product the Legal Metrology facts (decision 0036); imported goods name an importer.
      expect(product.listingFacts?.netQuantity).toMatch(/^\d+ units?$/);
      expect(product.listingFacts?.countryOfOrigin === 'India' || product.listingFacts?.importer !== null).toBe(true);
    }
    expect(new Set(list.map((product) => product.category))).toEqual(
      new Set(['wall-art', 'lighting', 'accents', 'collectible-toys']),
    );
  });

  it('shows rupees computed from stored paise, with the discount and the 70% sale', async () => {
    const list = await allProducts();
    for (const demo of DEMO_PRODUCTS) {
      const product = list.find((candidate) => candidate.slug === demo.slug)!;
      expect(product.price).toBe(demo.priceRupees);
      expect(product.originalPrice).toBe(demo.originalPriceRupees);
      expect(product.isDiscount).toBe(demo.priceRupees < demo.originalPriceRupees);
      expect(product.countInStock).toBe(demo.countInStock);
      expect(product.numReviews).toBe(demo.reviews.length);
    }
    expect(list.filter((product) => product.discount === 70).length).toBeGreaterThanOrEqual(3);
    expect(list.filter((product) => product.countInStock === 0).length).toBeGreaterThanOrEqual(1);
    const [row] = await shop.services.database.db
      .select({ paise: products.pricePaise })
      .from(products)
      .where(eq(products.slug, list.find((product) => product.discount === 70)!.slug));
    expect(Number.isInteger(row!.paise)).toBe(true);
  });

  it('answers a matching If-None-Match with 304', async () => {
    const first = await get('/api/product/all-products');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const second = await get('/api/product/all-products', { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('reflects a change to the database once the change is published', async () => {
    const [target] = await allProducts();
    await shop.services.database.db
      .update(stockLevels)
      .set({ countInStock: sql`${stockLevels.countInStock} + 7` })
      .where(eq(stockLevels.productId, target!._id));
    await shop.services.catalog.publishChange();
    const after = (await allProducts()).find((product) => product._id === target!._id)!;
    expect(after.countInStock).toBe(target!.countInStock + 7);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('keeps a second app process in step through LISTEN/NOTIFY', async () => {
    const peer = await shop.openPeer();
    const [target] = await peer.catalog.listProducts();
    await shop.services.database.db
      .update(products)
      .set({ title: 'Renamed by another process' })
      .where(eq(products.id, target!._id));
    await shop.services.catalog.publishChange();
    await expect
      .poll(async () => (await peer.catalog.getProduct(target!._id))?.title, { timeout: 5000 })
      .toBe('Renamed by another process');
  });
});

describe('a catalogue import', () => {
  it(`refuses to take the shop past ${MAX_CATEGORIES} categories, the bound its answers document (decision 0041)`, async () => {
    const stamp = Date.now();
    const many = Array.from({ length: MAX_CATEGORIES + 1 }, (_, index) => ({
      slug: `many-${stamp}-${index}`,
      name: `Many ${index}`,
      position: 100 + index,
    }));
    const { db } = shop.services.database;
    await expect(
      db.transaction((tx) => importCatalogue(tx, { categories: many, products: [], banners: [] })),
    ).rejects.toThrow(`at most ${MAX_CATEGORIES} categories`);
    const [left] = await db.select({ count: sql<number>`count(*)::int` }).from(categories);
    expect(left!.count).toBeLessThanOrEqual(MAX_CATEGORIES);
  });
});

describe('GET /api/product/{id}', () => {
  it('returns one product', async () => {
    const [first] = await allProducts();
    const response = await get(`/api/product/${first!._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ product: first });
    expect((await get(`/api/product/${first!._id.toUpperCase()}`)).json()).toEqual({ product: first });
  });

  it('answers an unknown id with 404 and a malformed one with 400, each with a message', async () => {
    const unknown = await get('/api/product/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Product not found' });
    const malformed = await get('/api/product/not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Invalid product id' });
  });
});

describe('GET /api/product/{id}/get-reviews', () => {
  it('returns the reviews, newest first', async () => {
    const list = await allProducts();
    const reviewed = list.find((product) => product.numReviews >= 2)!;
    const response = await get(`/api/product/${reviewed._id}/get-reviews`);
    expect(response.statusCode).toBe(200);
    const { reviews } = response.json<{
      reviews: Array<{ title: string; userName: string; rating: number; message: string; createdAt: string }>;
    }>();
    expect(reviews).toHaveLength(reviewed.numReviews);
    for (const review of reviews) {
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
      expect(review.title && review.userName && review.message).toBeTruthy();
    }
    const times = reviews.map((review) => Date.parse(review.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const average = reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length;
    expect(reviewed.rating).toBeCloseTo(average, 1);
  });

  it('returns an empty list for a product without reviews, and 404/400 for bad ids', async () => {
    const unreviewed = (await allProducts()).find((product) => product.numReviews === 0)!;
    expect((await get(`/api/product/${unreviewed._id}/get-reviews`)).json()).toEqual({
      reviews: [],
      rating: 0,
      numReviews: 0,
      histogram: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0 })),
    });
    expect((await get('/api/product/00000000-0000-4000-8000-000000000000/get-reviews')).statusCode).toBe(404);
    expect((await get('/api/product/xyz/get-reviews')).statusCode).toBe(400);
  });
});

describe('operations', () => {
  it('reports health with a database check', async () => {
    const response = await get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
      deadJobs: 0,
    });
  });

  it('describes every API route in OpenAPI at /api/docs', async () => {
    const spec = (await get('/api/docs/json')).json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/product/all-products',
        '/api/product/{id}',
        '/api/product/{id}/get-reviews',
        '/api/product/{productId}/add-product-reviews',
        '/api/health',
        '/api/auth/signin',
        '/api/auth/signup',
        '/api/auth/google-auth',
        '/api/auth/me',
        '/api/auth/profile',
        '/api/auth/refresh-access-token',
        '/api/auth/logout',
        '/api/auth/forgot-password',
        '/api/auth/reset-password/{tokenId}',
        '/api/auth/verify-email/{token}',
        '/api/auth/resend-verification-email',
      ]),
    );
    expect((await get('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});

describe('product images', () => {
  it('serves WebP and AVIF variants with long-lived caching', async () => {
    const [product] = await allProducts();
    const url = product!.image[0]!;
    expect(url).toMatch(/^\/media\/[0-9a-f]{24}\/960\.webp$/);
    const webp = await get(url.replace('960.webp', '320.webp'));
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['cache-control']).toContain('immutable');
    expect(webp.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const avif = await get(url.replace('960.webp', '160.avif'));
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.rawPayload.subarray(4, 12).toString()).toContain('ftypavif');
  });

  it('refuses sizes it does not render and keys it does not know', async () => {
    const [product] = await allProducts();
    const url = product!.image[0]!;
    expect((await get(url.replace('960.webp', '333.webp'))).statusCode).toBe(404);
    expect((await get(url.replace('960.webp', '320.png'))).statusCode).toBe(400);
    expect((await get('/media/0123456789abcdef01234567/320.webp')).statusCode).toBe(404);
  });
});
