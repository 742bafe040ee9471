import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogProduct, orderTestShop, verifiedShopper } from '../testing/orders.ts';
import { signedInAdmin, type SignedInAdmin } from '../testing/admin-session.ts';
import { REVIEW_NOT_FOUND, PHOTO_NOT_FOUND } from './moderation.ts';
import type { ReviewInput } from '../../core/contracts/catalog.ts';
import type { AdminReview } from '../../core/contracts/admin-reviews.ts';
import type { ReviewList } from '../../core/contracts/reviews.ts';
import { reviews } from './schema.ts';

const { shop, supplyProduct } = orderTestShop({ REVIEWS_PER_HOUR: '1000' });
let moderator: SignedInAdmin;
beforeAll(async () => {
  moderator = await signedInAdmin(shop(), 'staff');
});
/** A back-office request of a signed-in staff admin: its session cookie and CSRF header. */
const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  shop().app.inject({ method, url, headers: moderator.headers, ...(payload ? { payload } : {}) });

const review = (changes: Partial<ReviewInput> = {}): ReviewInput => ({
  fullname: 'Asha Verma',
  email: 'asha@example.in',
  rating: 4,
  title: 'Lovely print',
  review: 'The colours are rich and the frame is solid.',
  ...changes,
});

/** A small WebP photo of one colour, saved as the write route would save it. */
async function photo(red: number) {
  const webp = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: red, g: 60, b: 30 } } })
    .webp()
    .toBuffer();
  return shop().services.media.saveOriginal(webp, 'A review photo');
}

/** A new shopper's review of the product, with these photos; its id. */
async function written(productId: string, input: ReviewInput, photos: Awaited<ReturnType<typeof photo>>[] = []) {
  const { userId } = await verifiedShopper(shop());
  const { _id } = await shop().services.reviews.write({ productId, userId, input, photos });
  return { id: _id, userId };
}

async function listed(productId: string): Promise<ReviewList> {
  const response = await shop().app.inject(`/api/product/${productId}/get-reviews`);
  expect(response.statusCode).toBe(200);
  return response.json<ReviewList>();
}

const post = (url: string, payload?: object) => asAdmin('POST', url, payload);

async function moderate(url: string, payload?: object): Promise<AdminReview> {
  const response = await post(url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminReview>();
}

const auditOf = (targetType: string, targetId: string) =>
  shop().services.audit.search({ targetType, targetId, limit: 10 });

describe('hiding a review', () => {
  it("takes it out of get-reviews, the product's rating and count and the page's data; unhiding puts it back", async () => {
    const productId = await supplyProduct({ stock: 5 });
    await written(productId, review({ rating: 5 }));
    const { id } = await written(productId, review({ rating: 1, title: 'Broke in a week' }));
    const shown = await catalogProduct(shop(), productId);
    const listBefore = await listed(productId);
    expect(listBefore.reviews.map((item) => item._id)).toContain(id);

    const hidden = await moderate(`/api/admin/reviews/${id}/hide`, { reason: 'Abusive language' });
    expect(hidden).toMatchObject({ id, hidden: true, productId, rating: 1, email: 'asha@example.in' });
    const after = await listed(productId);
    expect(after.reviews.map((item) => item._id)).not.toContain(id);
    expect(after.numReviews).toBe(listBefore.numReviews - 1);
    const product = await catalogProduct(shop(), productId);
    expect(product.numReviews).toBe(shown.numReviews - 1);
    expect(product.rating).toBe(after.rating);
    expect(product.rating).toBeGreaterThan(shown.rating);
    // The product page's server render reads the same list.
    const pageReviews = await shop().services.catalog.getReviews(productId);
    expect(pageReviews.map((item) => item._id)).not.toContain(id);

    const [entry] = await auditOf('review', id);
    expect(entry).toMatchObject({
      action: 'review.hide',
      adminEmail: moderator.email,
      ip: '127.0.0.1',
      before: { hidden: false },
      after: { hidden: true },
      reason: 'Abusive language',
    });

    expect(await moderate(`/api/admin/reviews/${id}/unhide`)).toMatchObject({ id, hidden: false });
    expect(await listed(productId)).toEqual(listBefore);
    expect(await catalogProduct(shop(), productId)).toMatchObject({
      numReviews: shown.numReviews,
      rating: shown.rating,
    });
    const [unhide] = await auditOf('review', id);
    expect(unhide).toMatchObject({ action: 'review.unhide', before: { hidden: true }, after: { hidden: false } });
    expect(unhide!.reason).toBeNull();
  });

  it('changes the rating and records once when asked twice', async () => {
    const productId = await supplyProduct({ stock: 5 });
    const { id } = await written(productId, review({ rating: 2 }));
    const before = await catalogProduct(shop(), productId);
    await moderate(`/api/admin/reviews/${id}/hide`);
    await moderate(`/api/admin/reviews/${id}/hide`);
    expect((await catalogProduct(shop(), productId)).numReviews).toBe(before.numReviews - 1);
    await moderate(`/api/admin/reviews/${id}/unhide`);
    await moderate(`/api/admin/reviews/${id}/unhide`);
    expect(await catalogProduct(shop(), productId)).toMatchObject({
      numReviews: before.numReviews,
      rating: before.rating,
    });
    expect((await auditOf('review', id)).map((entry) => entry.action)).toEqual(['review.unhide', 'review.hide']);
  });

  it("stays hidden, out of the rating, when its author edits it; shown again, it counts with the edit's stars", async () => {
    const productId = await supplyProduct({ stock: 5 });
    const { id, userId } = await written(productId, review({ rating: 5 }));
    await moderate(`/api/admin/reviews/${id}/hide`);
    const hiddenRating = await catalogProduct(shop(), productId);
    await shop().services.reviews.write({ productId, userId, input: review({ rating: 1 }), photos: null });
    expect((await listed(productId)).reviews.map((item) => item._id)).not.toContain(id);
    expect(await catalogProduct(shop(), productId)).toMatchObject({
      numReviews: hiddenRating.numReviews,
      rating: hiddenRating.rating,
    });
    await moderate(`/api/admin/reviews/${id}/unhide`);
    const shown = await listed(productId);
    expect(shown.reviews.find((item) => item._id === id)!.rating).toBe(1);
    const product = await catalogProduct(shop(), productId);
    expect(product).toMatchObject({ numReviews: shown.numReviews, rating: shown.rating });
  });

  it.runIf(process.env.TEST_DB === 'postgres')('leaves the lists and the rating of every process at once', async () => {
    const peer = await shop().openPeer();
    const productId = await supplyProduct({ stock: 5 });
    const { id } = await written(productId, review({ rating: 3 }));
    // The other process has read the list and the product, so both are in its memory.
    const before = await peer.reviews.list(productId);
    expect(before.reviews.map((item) => item._id)).toContain(id);
    await moderate(`/api/admin/reviews/${id}/hide`);
    await expect.poll(async () => (await peer.reviews.list(productId)).numReviews).toBe(before.numReviews - 1);
    await expect.poll(async () => (await peer.catalog.getProduct(productId))!.numReviews).toBe(before.numReviews - 1);
  });

  it('answers 404 for an unknown review and 400 for an id that is none, changing nothing', async () => {
    const unknown = await post(`/api/admin/reviews/${crypto.randomUUID()}/hide`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: REVIEW_NOT_FOUND });
    const bad = await post('/api/admin/reviews/not-a-review/hide');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'reviewId must be a review id' });
    const reason = await post(`/api/admin/reviews/${crypto.randomUUID()}/hide`, { reason: 'x'.repeat(201) });
    expect(reason.statusCode).toBe(400);
    expect(reason.json()).toEqual({ message: 'Must be at most 200 characters' });
  });

  it('is refused to anyone the guard has not let in', async () => {
    const productId = await supplyProduct({ stock: 5 });
    const { id } = await written(productId, review());
    const response = await shop().app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/hide` });
    expect(response.statusCode).toBe(403);
    expect((await listed(productId)).reviews.map((item) => item._id)).toContain(id);
    expect(await auditOf('review', id)).toEqual([]);
  });
});

describe("hiding a review's photo", () => {
  it('takes it out of the list, keeps the others, and puts it back when unhidden', async () => {
    const productId = await supplyProduct({ stock: 5 });
    const photos = [await photo(10), await photo(20)];
    const { id } = await written(productId, review(), photos);
    const imagesOf = async () => (await listed(productId)).reviews.find((item) => item._id === id)!.images;
    const [first, second] = await imagesOf();

    const moderated = await moderate(`/api/admin/reviews/${id}/photos/0/hide`, { reason: 'Shows a face' });
    expect(moderated.photos).toEqual([
      { position: 0, url: first, hidden: true },
      { position: 1, url: second, hidden: false },
    ]);
    expect(await imagesOf()).toEqual([second]);
    await moderate(`/api/admin/reviews/${id}/photos/0/hide`);
    const entries = await auditOf('review_photo', `${id}/0`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'review_photo.hide',
      before: { hidden: false, mediaKey: photos[0]!.key },
      after: { hidden: true, mediaKey: photos[0]!.key },
      reason: 'Shows a face',
    });

    await moderate(`/api/admin/reviews/${id}/photos/0/unhide`);
    expect(await imagesOf()).toEqual([first, second]);
    expect((await auditOf('review_photo', `${id}/0`))[0]!.action).toBe('review_photo.unhide');
  });

  it('stays hidden when the author sends the same photo again', async () => {
    const productId = await supplyProduct({ stock: 5 });
    const { id, userId } = await written(productId, review(), [await photo(30)]);
    await moderate(`/api/admin/reviews/${id}/photos/0/hide`);
    const input = review({ title: 'Still lovely' });
    await shop().services.reviews.write({ productId, userId, input, photos: [await photo(40), await photo(30)] });
    const [again] = (await asAdmin('GET', `/api/admin/reviews?productId=${productId}`)).json<{
      reviews: AdminReview[];
    }>().reviews;
    expect(again!.photos.map((item) => item.hidden)).toEqual([false, true]);
    expect((await listed(productId)).reviews.find((item) => item._id === id)!.images).toEqual([again!.photos[0]!.url]);
  });

  it('answers 404 for a position the review has no photo at, and 400 for one that is no number', async () => {
    const productId = await supplyProduct({ stock: 5 });
    const { id } = await written(productId, review());
    const missing = await post(`/api/admin/reviews/${id}/photos/0/hide`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: PHOTO_NOT_FOUND });
    const bad = await post(`/api/admin/reviews/${id}/photos/first/hide`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'position must be a photo position, from 0' });
  });
});

describe('GET /api/admin/reviews', () => {
  const page = async (query: string) => {
    const response = await asAdmin('GET', `/api/admin/reviews?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ reviews: AdminReview[]; next: string | null }>();
  };

  it('lists newest first, hidden ones too, filtered by status, product and words, a page at a time', async () => {
    const productId = await supplyProduct({ stock: 5 });
    // Only this test's reviews: the demo product may come with imported ones.
    await shop().services.database.db.delete(reviews).where(eq(reviews.productId, productId));
    const ids: string[] = [];
    for (const title of ['Sturdy frame', 'Faded colours', 'Sturdy and bright']) {
      ids.push((await written(productId, review({ title, email: `${title.length}@example.in` }), [])).id);
    }
    await moderate(`/api/admin/reviews/${ids[1]}/hide`);

    const all = await page(`productId=${productId}`);
    expect(all.reviews.map((item) => item.id)).toEqual([...ids].reverse());
    expect(all.next).toBeNull();
    const title = (await catalogProduct(shop(), productId)).title;
    expect(all.reviews[0]).toMatchObject({ productTitle: title, userName: 'Asha Verma', verifiedPurchase: false });
    expect((await page(`productId=${productId}&status=hidden`)).reviews.map((item) => item.id)).toEqual([ids[1]]);
    expect((await page(`productId=${productId}&status=visible`)).reviews.map((item) => item.id)).toEqual([
      ids[2],
      ids[0],
    ]);
    expect((await page(`productId=${productId}&q=STURDY`)).reviews.map((item) => item.id)).toEqual([ids[2], ids[0]]);
    expect((await page(`productId=${productId}&q=13@example`)).reviews.map((item) => item.id)).toEqual([ids[1]]);
    // A % is a character to find, not a wildcard.
    expect((await page(`productId=${productId}&q=%25`)).reviews).toEqual([]);

    const first = await page(`productId=${productId}&limit=2`);
    expect(first.reviews.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    expect(first.next).toBe(ids[1]);
    const second = await page(`productId=${productId}&limit=2&before=${first.next}`);
    expect(second.reviews.map((item) => item.id)).toEqual([ids[0]]);
    expect(second.next).toBeNull();
  });

  it('refuses a bad filter with a 400 that says which', async () => {
    for (const [query, message] of [
      ['status=deleted', 'status must be visible, hidden or all'],
      ['limit=0', 'limit must be a whole number from 1 to 100'],
      ['limit=lots', 'limit must be a whole number from 1 to 100'],
      ['productId=12', 'productId must be a product id'],
      ['before=yesterday', 'before must be a review id'],
    ]) {
      const response = await asAdmin('GET', `/api/admin/reviews?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ message });
    }
  });
});
