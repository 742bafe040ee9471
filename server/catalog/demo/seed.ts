import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { MediaService } from '../../media/service.ts';
import { rupeesToPaise } from '../../../core/money.ts';
import { banners, categories, products, reviews } from '../schema.ts';
import { productArtSvg, promoBannerSvg, snapshotSvg } from './art/index.ts';
import { DEMO_PRODUCTS } from './products.ts';
import { CATEGORY_SLUGS, type CategorySlug } from './types.ts';

const CATEGORY_NAMES: Record<CategorySlug, string> = {
  'wall-art': 'Wall art',
  lighting: 'Lighting',
  accents: 'Accents',
  'collectible-toys': 'Collectible toys',
};
const BANNER_ALTS = [
  'A styled living room with wall art, cushions and a floor lamp',
  'Warm pendant and table lamps glowing in the evening',
  'A shelf of collectible vinyl toys',
  'Festive decor with brass diyas and marigolds',
] as const;
const SNAPSHOT_ALTS = [
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

/** Fills an empty catalogue with the demo products, their artwork, reviews and the home-page banners. */
export async function seedDemoCatalogue(db: Db, mediaService: MediaService, now = new Date()): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(products);
  if ((existing?.n ?? 0) > 0) return false;

  const categoryRows = await db
    .insert(categories)
    .values(CATEGORY_SLUGS.map((slug, position) => ({ slug, name: CATEGORY_NAMES[slug], position })))
    .onConflictDoNothing()
    .returning();
  const categoryId = new Map(categoryRows.map((row) => [row.slug, row.id]));

  for (const demo of DEMO_PRODUCTS) {
    const images = [];
    for (let variant = 0; variant < demo.imageCount; variant++) {
      const svg = productArtSvg({ category: demo.category, ...demo.art }, variant, seedOf(demo.slug));
      images.push(await mediaService.store(Buffer.from(svg), `${demo.title}, view ${variant + 1}`));
    }
    const ratingTotal = demo.reviews.reduce((sum, review) => sum + review.rating, 0);
    const createdAt = new Date(now.getTime() - demo.daysAgo * DAY_MS);
    const [row] = await db
      .insert(products)
      .values({
        slug: demo.slug,
        title: demo.title,
        categoryId: categoryId.get(demo.category)!,
        originalPricePaise: rupeesToPaise(demo.originalPriceRupees),
        pricePaise: rupeesToPaise(demo.priceRupees),
        countInStock: demo.countInStock,
        images,
        specs: demo.specs,
        description: demo.description,
        whatsInTheBox: demo.whatsInTheBox,
        reviewCount: demo.reviews.length,
        ratingTotal,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: products.id });
    if (demo.reviews.length > 0) {
      await db.insert(reviews).values(
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
  }

  const bannerRows = [];
  for (const [index, alt] of BANNER_ALTS.entries()) {
    const key = await mediaService.store(Buffer.from(promoBannerSvg(index as 0 | 1 | 2 | 3)), alt);
    bannerRows.push({ placement: 'carousel' as const, mediaKey: key, alt, position: index });
  }
  for (const [index, alt] of SNAPSHOT_ALTS.entries()) {
    const key = await mediaService.store(Buffer.from(snapshotSvg(index as 0 | 1)), alt);
    bannerRows.push({ placement: 'snapshot' as const, mediaKey: key, alt, position: index });
  }
  await db.insert(banners).values(bannerRows);
  return true;
}
