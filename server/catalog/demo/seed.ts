import { count, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { MediaRow, MediaService } from '../../media/service.ts';
import { rupeesToPaise } from '../../../core/money.ts';
import { banners, categories, products, reviews } from '../schema.ts';
import { productArtSvg, promoBannerSvg, snapshotSvg } from './art/index.ts';
import { DEMO_PRODUCTS } from './products.ts';
import { CATEGORY_SLUGS, type CategorySlug, type DemoProduct } from './types.ts';

const CATEGORY_NAMES: Record<CategorySlug, string> = {
  'wall-art': 'Wall art',
  lighting: 'Lighting',
  accents: 'Accents',
  'collectible-toys': 'Collectible toys',
};
export const BANNER_ALTS = [
  'A styled living room with wall art, cushions and a floor lamp',
  'Warm pendant and table lamps glowing in the evening',
  'A shelf of collectible vinyl toys',
  'Festive decor with brass diyas and marigolds',
] as const;
export const SNAPSHOT_ALTS = [
  'A styled shelf of vases, planters and candles',
  'A cosy reading corner with a lamp and framed prints',
];
const DAY_MS = 86_400_000;

/** A stable number from a slug, so each product's artwork is the same on every seed. */
function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/**
 * Fills an empty catalogue with the demo products, their artwork, reviews and the home-page banners. Every row is
 * written in one transaction, so a start killed half-way leaves nothing behind and the next start seeds again.
 */
export async function seedDemoCatalogue(db: Db, mediaService: MediaService, now = new Date()): Promise<boolean> {
  if (await hasProducts(db)) return false;
  // The slow part (rendering and saving artwork) runs before the transaction, so it holds no locks meanwhile.
  const art = await saveArtwork(mediaService);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await mediaService.record(art.media, tx);
    const categoryId = await insertCategories(tx);
    for (const [index, demo] of DEMO_PRODUCTS.entries()) {
      await insertProduct(tx, demo, art.productImages[index]!, categoryId.get(demo.category)!, now);
    }
    await tx.insert(banners).values(art.banners);
    return true;
  });
}

async function hasProducts(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(products);
  return (existing?.n ?? 0) > 0;
}

/** Renders and saves every demo image; returns the media rows to record and where each image goes. */
async function saveArtwork(mediaService: MediaService) {
  const mediaRows: MediaRow[] = [];
  const save = async (svg: string, alt: string) => {
    const row = await mediaService.saveOriginal(Buffer.from(svg), alt);
    mediaRows.push(row);
    return row.key;
  };
  const productImages: string[][] = [];
  for (const demo of DEMO_PRODUCTS) {
    const images = [];
    for (let variant = 0; variant < demo.imageCount; variant++) {
      const svg = productArtSvg({ category: demo.category, ...demo.art }, variant, seedOf(demo.slug));
      images.push(await save(svg, `${demo.title}, view ${variant + 1}`));
    }
    productImages.push(images);
  }
  const bannerRows = [];
  for (const [index, alt] of BANNER_ALTS.entries()) {
    const mediaKey = await save(promoBannerSvg(index as 0 | 1 | 2 | 3), alt);
    bannerRows.push({ placement: 'carousel' as const, mediaKey, alt, position: index });
  }
  for (const [index, alt] of SNAPSHOT_ALTS.entries()) {
    const mediaKey = await save(snapshotSvg(index as 0 | 1), alt);
    bannerRows.push({ placement: 'snapshot' as const, mediaKey, alt, position: index });
  }
  return { media: mediaRows, productImages, banners: bannerRows };
}

/** The demo categories by slug, adding those that are missing. */
async function insertCategories(tx: Db): Promise<Map<string, number>> {
  await tx
    .insert(categories)
    .values(CATEGORY_SLUGS.map((slug, position) => ({ slug, name: CATEGORY_NAMES[slug], position })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.slug, [...CATEGORY_SLUGS]));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

async function insertProduct(tx: Db, demo: DemoProduct, images: string[], categoryId: number, now: Date) {
  const createdAt = new Date(now.getTime() - demo.daysAgo * DAY_MS);
  const [row] = await tx
    .insert(products)
    .values({
      slug: demo.slug,
      title: demo.title,
      categoryId,
      originalPricePaise: rupeesToPaise(demo.originalPriceRupees),
      pricePaise: rupeesToPaise(demo.priceRupees),
      countInStock: demo.countInStock,
      images,
      specs: demo.specs,
      description: demo.description,
      whatsInTheBox: demo.whatsInTheBox,
      reviewCount: demo.reviews.length,
      ratingTotal: demo.reviews.reduce((sum, review) => sum + review.rating, 0),
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: products.id });
  if (demo.reviews.length === 0) return;
  await tx.insert(reviews).values(
    demo.reviews.map((review) => ({
      productId: row!.id,
      userName: review.userName,
      title: review.title,
      rating: review.rating,
      message: review.message,
      createdAt: new Date(now.getTime() - review.daysAgo * DAY_MS),
    })),
  );
}
