import { beforeAll, describe, expect, it } from 'vitest';
import { orderTestShop, verifiedShopper, type Shopper } from '../testing/orders.ts';
import { imageFile, uniqueImage } from '../testing/images.ts';
import { signedInAdmin, type SignedInAdmin } from '../testing/admin-session.ts';
import { productImagesFormData, type AdminProduct } from '../../core/contracts/admin-products.ts';
import { reviewFormData, type ReviewListItem } from '../../core/contracts/reviews.ts';
import { linkedVariants, mediaUrl, type ImageUse } from '../../core/media.ts';
import type { Services } from '../root/services.ts';
import { WARM_UP_DONE, warmUpVariants } from './warm-up.ts';
import { BackgroundVariants } from './background.ts';
import { MediaService } from './service.ts';
import type { ImageInUse } from '../platform/media/face.ts';

/** Not the shop's own lock: a test shop's warm-up never runs, and this one is the tests' to take. */
const WARM_UP_TEST_LOCK = 7_242_031;

// Decision 0039. The test shops share one storage between runs: every image here starts with random pixels, so
// its content-hash key, and its variants, are new to that storage.
const { shop, supplyProduct } = orderTestShop({ REVIEWS_PER_HOUR: '1000' });

const file = imageFile;
const keyOf = (url: string) => /\/([0-9a-f]{24})\/\d+\.webp$/.exec(url)![1]!;

/** Which of the variants pages link to for an image of this use are not in storage. */
async function missingVariants(key: string, use: ImageUse): Promise<string[]> {
  const missing: string[] = [];
  for (const { width, format } of linkedVariants(use)) {
    if (!(await shop().services.storage.exists(`variants/${key}/${width}.${format}`))) {
      missing.push(`${width}.${format}`);
    }
  }
  return missing;
}

/** Asks for every linked variant of the image; resolves with how many encodes that cost this process. */
async function rendersToServe(key: string, use: ImageUse): Promise<number> {
  const before = shop().services.media.renderCount;
  for (const { width, format } of linkedVariants(use)) {
    const response = await shop().app.inject({ method: 'GET', url: mediaUrl('/media', key, width, format) });
    expect(response.statusCode, `${width}.${format}`).toBe(200);
  }
  return shop().services.media.renderCount - before;
}

describe('variants made when an image is stored', () => {
  let owner: SignedInAdmin;
  let asha: Shopper;
  beforeAll(async () => {
    owner = await signedInAdmin(shop());
    asha = await verifiedShopper(shop());
  });

  it("an admin's product image upload answers once every variant pages link to is in storage", async () => {
    const [product] = (await shop().services.catalog.listProducts()).slice(-1);
    const response = await shop().app.inject({
      method: 'POST',
      url: `/api/admin/products/${product!._id}/images`,
      headers: owner.headers,
      payload: productImagesFormData([file(await uniqueImage())], ['Noise, framed']),
    });
    expect(response.statusCode, response.body).toBe(200);
    const added = response.json<{ product: AdminProduct }>().product.images.at(-1)!;
    expect(await missingVariants(added.key, 'catalogue')).toEqual([]);
    expect(await rendersToServe(added.key, 'catalogue')).toBe(0);
  });

  it("a review photo's variants are made after the review is saved, in the background", async () => {
    const productId = await supplyProduct({ stock: 5 });
    const form = reviewFormData({
      productId,
      userId: asha.userId,
      reviewData: { fullname: 'Asha Verma', email: 'asha@example.in', rating: 5, title: 'Noisy', review: 'Grainy.' },
      files: [file(await uniqueImage('jpeg'), 'photo.jpg', 'image/jpeg')],
    });
    const response = await shop().app.inject({
      method: 'POST',
      url: `/api/product/${productId}/add-product-reviews`,
      headers: asha.bearer,
      payload: form,
    });
    expect(response.statusCode, response.body).toBe(201);
    const key = keyOf(response.json<{ review: ReviewListItem }>().review.images[0]!);
    await shop().services.mediaVariants.idle();
    expect(await missingVariants(key, 'review-photo')).toEqual([]);
    expect(await rendersToServe(key, 'review-photo')).toBe(0);
  });
});

describe('variants made on demand', () => {
  it('twenty requests at once for a missing variant encode it once, and each gets the image', async () => {
    const key = await shop().services.media.store(await uniqueImage());
    expect(await missingVariants(key, 'catalogue')).toHaveLength(linkedVariants('catalogue').length);
    const before = shop().services.media.renderCount;
    const url = mediaUrl('/media', key, 640, 'avif');
    const responses = await Promise.all(Array.from({ length: 20 }, () => shop().app.inject({ method: 'GET', url })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((response) => response.rawPayload.toString('base64'))).size).toBe(1);
    expect(shop().services.media.renderCount - before).toBe(1);
    expect(await rendersToServe(key, 'catalogue')).toBe(linkedVariants('catalogue').length - 1);
  });
});

describe('the warm-up after a start', () => {
  /** A warm-up of these images through `services`' media and database, as warmUpImages runs one; what it logged. */
  async function warmUp(services: Services, images: ImageInUse[]) {
    const lines: string[] = [];
    const log = (message: string) => void lines.push(message);
    const background = new BackgroundVariants(services.media, log);
    const before = services.media.renderCount;
    await warmUpVariants({
      background,
      imagesInUse: async () => images,
      alone: (fn) => services.database.unlessRunningElsewhere(WARM_UP_TEST_LOCK, fn),
      log,
    });
    return { lines, renders: services.media.renderCount - before };
  }

  it('makes what is missing, skips what is there, and logs what it did', async () => {
    const product = await shop().services.media.store(await uniqueImage());
    const photo = await shop().services.media.store(await uniqueImage());
    await rendersToServe(photo, 'review-photo'); // made already, as if asked for before
    const images: ImageInUse[] = [
      { key: product, use: 'catalogue' },
      { key: photo, use: 'review-photo' },
    ];
    const { lines, renders } = await warmUp(shop().services, images);
    expect(await missingVariants(product, 'catalogue')).toEqual([]);
    expect(renders).toBe(linkedVariants('catalogue').length);
    const present = linkedVariants('review-photo').length;
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(`^${WARM_UP_DONE}: ${renders} variants made, ${present} already there, for 2 images in \\d+ ms$`),
      ),
    ]);
  });

  it("makes every image's AVIF variants before any image's WebP ones: the variants browsers ask for first", async () => {
    const { storage, database } = shop().services;
    const stored: string[] = [];
    const recording = Object.create(storage) as typeof storage;
    recording.put = (key, ...rest) => (stored.push(key), storage.put(key, ...rest));
    const images: ImageInUse[] = [];
    for (let image = 0; image < 2; image++) {
      images.push({ key: await shop().services.media.store(await uniqueImage()), use: 'catalogue' });
    }
    await new BackgroundVariants(new MediaService(database.db, recording), () => {}).make(images);
    const formats = stored.map((key) => key.slice(key.lastIndexOf('.') + 1));
    expect(formats).toHaveLength(2 * linkedVariants('catalogue').length);
    expect(formats.lastIndexOf('avif')).toBeLessThan(formats.indexOf('webp'));
  });

  it('with no image to warm up, it is done at once (a shop without a catalogue)', async () => {
    const { lines, renders } = await warmUp(shop().services, []);
    expect(renders).toBe(0);
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^${WARM_UP_DONE}: 0 variants made, 0 already there`))]);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'two processes warming up together make each variant once: one runs it, the other leaves it',
    async () => {
      const peer = await shop().openPeer();
      const images: ImageInUse[] = [{ key: await shop().services.media.store(await uniqueImage()), use: 'catalogue' }];
      const [ours, theirs] = await Promise.all([warmUp(shop().services, images), warmUp(peer, images)]);
      expect(ours.renders + theirs.renders).toBe(linkedVariants('catalogue').length);
      expect([...ours.lines, ...theirs.lines].filter((line) => line.startsWith(WARM_UP_DONE)).length).toBeGreaterThan(
        0,
      );
    },
  );
});
