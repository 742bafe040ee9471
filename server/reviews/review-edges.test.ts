import { beforeAll, describe, expect, it } from 'vitest';
import { catalogProduct, orderTestShop, verifiedShopper, type Shopper } from '../testing/orders.ts';
import { signUp } from '../testing/accounts.ts';
import { signedInAdmin, type SignedInAdmin } from '../testing/admin-session.ts';
import { imageFile, uniqueImage } from '../testing/images.ts';
import { REVIEW_PHOTO_CACHE } from '../media/service.ts';
import { MEDIA_FORMATS, MEDIA_WIDTHS, mediaUrl } from '../../core/media.ts';
import { goodReview } from '../testing/reviews.ts';
import {
  REVIEW_MESSAGES,
  reviewFormData,
  type OwnReview,
  type ReviewList,
  type ReviewListItem,
} from '../../core/contracts/reviews.ts';

// Issue 31's edges of reviews (decision 0049). Two writes an hour: each shopper here writes at most twice, and the
// allowance test counts on it.
const { shop, supplyProduct } = orderTestShop({ REVIEWS_PER_HOUR: '2' });

const reviewUrl = (productId: string) => `/api/product/${productId}/add-product-reviews`;
const ownUrl = (productId: string) => `/api/product/${productId}/my-review`;

function postReview(productId: string, bearer: Record<string, string>, input = goodReview, files: File[] = []) {
  const payload = reviewFormData({ productId, userId: 'ignored', reviewData: input, files });
  return shop().app.inject({ method: 'POST', url: reviewUrl(productId), headers: bearer, payload });
}

async function mustPost(productId: string, bearer: Record<string, string>, input = goodReview, files: File[] = []) {
  const response = await postReview(productId, bearer, input, files);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ review: ReviewListItem }>().review;
}

async function listed(productId: string): Promise<ReviewList> {
  const response = await shop().app.inject(`/api/product/${productId}/get-reviews`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReviewList>();
}

const keyOf = (url: string) => /\/([0-9a-f]{24})\/\d+\.webp$/.exec(url)![1]!;
/** Every variant URL the media route answers for an image: each width in each format. */
const everyVariant = (key: string) =>
  MEDIA_FORMATS.flatMap((format) => MEDIA_WIDTHS.map((width) => mediaUrl('/media', key, width, format)));
const newPhotos = async (count: number) =>
  Promise.all(Array.from({ length: count }, async () => imageFile(await uniqueImage())));

async function statuses(key: string) {
  const answers = await Promise.all(everyVariant(key).map((url) => shop().app.inject(url)));
  return {
    codes: [...new Set(answers.map((answer) => answer.statusCode))],
    cache: [...new Set(answers.map((answer) => answer.headers['cache-control']))],
  };
}

describe('an edited review', () => {
  it('at the same rating, shows its new text and photos at once in get-reviews and the page data', async () => {
    const productId = await supplyProduct({ stock: 5 });
    const asha = await verifiedShopper(shop());
    const first = await mustPost(productId, asha.bearer);
    const theReview = (reviews: ReviewListItem[]) => reviews.find((review) => review._id === first._id);
    // Both caches hold the first version now: the API's list and the product page's first paint.
    expect(theReview((await listed(productId)).reviews)?.title).toBe(goodReview.title);
    expect(theReview(await shop().services.catalog.getReviews(productId))?.title).toBe(goodReview.title);
    let pageCacheTold = 0;
    shop().services.catalog.onChange(() => pageCacheTold++);

    const edit = { ...goodReview, title: 'Even better in daylight', review: 'The frame has a hanging wire too.' };
    const edited = await mustPost(productId, asha.bearer, edit, await newPhotos(1));
    expect(edited._id).toBe(first._id);
    const shown = theReview((await listed(productId)).reviews);
    expect(shown).toMatchObject({ title: edit.title, message: edit.review, rating: goodReview.rating });
    expect(shown!.images).toEqual(edited.images);
    expect(shown!.images).toHaveLength(1);
    expect(theReview(await shop().services.catalog.getReviews(productId))).toEqual(shown);
    // The storefront's page cache hears of it too (it drops its pages on every catalogue change).
    expect(pageCacheTold).toBeGreaterThan(0);
  });
});

describe('who writes', () => {
  it('refuses a shopper whose e-mail is not verified with a 403 that says why, saving nothing', async () => {
    const productId = await supplyProduct({ stock: 5 });
    const before = await listed(productId);
    const unverified = await signUp(shop());
    const response = await postReview(productId, unverified.bearer);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: REVIEW_MESSAGES.unverified });
    expect(await listed(productId)).toEqual(before);
  });

  it('answers a truncated multipart body with a 400, using up none of the hourly writes', async () => {
    const productId = await supplyProduct({ stock: 5 });
    const before = await listed(productId);
    const asha = await verifiedShopper(shop());
    const form = reviewFormData({ productId, userId: 'x', reviewData: goodReview, files: await newPhotos(1) });
    const whole = new Request('http://shop.test/', { method: 'POST', body: form });
    const body = Buffer.from(await whole.arrayBuffer());
    const contentType = whole.headers.get('content-type')!;
    for (const cut of [body.length - 10, Math.floor(body.length / 2), 200]) {
      const response = await shop().app.inject({
        method: 'POST',
        url: reviewUrl(productId),
        headers: { ...asha.bearer, 'content-type': contentType },
        payload: body.subarray(0, cut),
      });
      expect(response.statusCode, `${cut} of ${body.length} bytes`).toBe(400);
      expect(response.json(), `${cut} bytes`).toEqual({ message: REVIEW_MESSAGES.truncated });
    }
    expect(await listed(productId)).toEqual(before);
    // The whole allowance (two) is still there: the third write is the first refused.
    await mustPost(productId, asha.bearer);
    await mustPost(productId, asha.bearer, { ...goodReview, title: 'Second thoughts' });
    expect((await postReview(productId, asha.bearer)).statusCode).toBe(429);
  });
});

describe('hidden review photos', () => {
  let moderator: SignedInAdmin;
  beforeAll(async () => {
    moderator = await signedInAdmin(shop(), 'staff');
  });
  const moderate = async (url: string) => {
    const response = await shop().app.inject({ method: 'POST', url, headers: moderator.headers });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('answer 404 at every variant URL once the photo or its review is hidden, and are back when shown', async () => {
    const productId = await supplyProduct({ stock: 5 });
    const asha = await verifiedShopper(shop());
    const review = await mustPost(productId, asha.bearer, goodReview, await newPhotos(2));
    const [first, second] = review.images.map(keyOf) as [string, string];
    const shown = { codes: [200], cache: [REVIEW_PHOTO_CACHE] };
    expect(await statuses(first)).toEqual(shown);

    await moderate(`/api/admin/reviews/${review._id}/photos/0/hide`);
    // Gone at once, and the 404 is not kept by anyone, so showing it again is at once too.
    expect(await statuses(first)).toEqual({ codes: [404], cache: ['no-store'] });
    expect(await statuses(second)).toEqual(shown);
    await moderate(`/api/admin/reviews/${review._id}/photos/0/unhide`);
    expect(await statuses(first)).toEqual(shown);

    await moderate(`/api/admin/reviews/${review._id}/hide`);
    for (const key of [first, second]) expect(await statuses(key)).toEqual({ codes: [404], cache: ['no-store'] });
    await moderate(`/api/admin/reviews/${review._id}/unhide`);
    for (const key of [first, second]) expect(await statuses(key)).toEqual(shown);
  });

  it('leave catalogue images immutable', async () => {
    const key = await shop().services.media.store(await uniqueImage());
    expect(await statuses(key)).toEqual({ codes: [200], cache: ['public, max-age=31536000, immutable'] });
  });
});

describe("the shopper's own review", () => {
  let asha: Shopper;
  beforeAll(async () => {
    asha = await verifiedShopper(shop());
  });
  const own = async (productId: string) => {
    const response = await shop().app.inject({ method: 'GET', url: ownUrl(productId), headers: asha.bearer });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ review: OwnReview | null }>().review;
  };
  const remove = (productId: string, headers: Record<string, string> = asha.bearer) =>
    shop().app.inject({ method: 'DELETE', url: ownUrl(productId), headers });

  it('is there to fill the form with, and deleting it takes it, its stars and its photos away', async () => {
    const productId = await supplyProduct({ stock: 5 });
    expect(await own(productId)).toBeNull();
    const before = await catalogProduct(shop(), productId);
    const written = await mustPost(productId, asha.bearer, { ...goodReview, rating: 2 }, await newPhotos(1));
    expect(await own(productId)).toEqual({ ...written, email: goodReview.email });
    expect((await catalogProduct(shop(), productId)).numReviews).toBe(before.numReviews + 1);

    const deleted = await remove(productId);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: REVIEW_MESSAGES.deleted });
    expect(await own(productId)).toBeNull();
    expect((await listed(productId)).reviews.map((review) => review._id)).not.toContain(written._id);
    expect(await catalogProduct(shop(), productId)).toMatchObject({
      numReviews: before.numReviews,
      rating: before.rating,
    });
    expect((await statuses(keyOf(written.images[0]!))).codes).toEqual([404]);
    const again = await remove(productId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: REVIEW_MESSAGES.noOwnReview });
  });

  it('is for signed-in shoppers only', async () => {
    const productId = await supplyProduct({ stock: 5 });
    expect((await shop().app.inject({ method: 'GET', url: ownUrl(productId) })).statusCode).toBe(401);
    expect((await remove(productId, {})).statusCode).toBe(401);
  });
});
