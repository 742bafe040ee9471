import type { Database } from '../server/platform/db/client.ts';
import type { MediaRow, MediaLibrary } from '../server/platform/media/face.ts';
import { hasProducts, importCatalogue, type ImportedProduct } from '../server/catalog/index.ts';
import { importReviews, type ImportedReview } from '../server/reviews/index.ts';
import { importStock } from '../server/stock/index.ts';
import { rupeesToPaise } from '../core/money.ts';
import { productArtSvg, promoBannerSvg, snapshotSvg } from './art/index.ts';
import { DEMO_PRODUCTS } from './products.ts';
import { demoListingFacts } from './listing-facts.ts';
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
 * Fills an empty catalogue with the demo products, their stock, artwork, reviews and the home-page banners, through
 * the catalogue's and the stock module's imports. Every row is written in one transaction, so a start killed
 * half-way leaves nothing behind and the next start seeds again. Loaded only when SEED_DEMO is on.
 */
export async function seedDemoCatalogue(
  database: Database,
  mediaService: MediaLibrary,
  now = new Date(),
): Promise<boolean> {
  if (await hasProducts(database.db)) return false;
  // The slow part (rendering and saving artwork) runs before the transaction, so it holds no locks meanwhile.
  const art = await saveArtwork(mediaService);
  const catalogue = {
    categories: CATEGORY_SLUGS.map((slug, position) => ({ slug, name: CATEGORY_NAMES[slug], position })),
    products: DEMO_PRODUCTS.map((demo, index) => importedProduct(demo, art.productImages[index]!, now)),
    banners: art.banners,
  };
  await database.transaction(async (tx) => {
    await mediaService.record(art.media, tx);
    const productIds = await importCatalogue(tx, catalogue);
    await importStock(
      tx,
      DEMO_PRODUCTS.map((demo) => ({ productId: productIds.get(demo.slug)!, stock: demo.countInStock })),
    );
    for (const demo of DEMO_PRODUCTS) {
      await importReviews(tx, productIds.get(demo.slug)!, importedReviews(demo, now));
    }
  });
  return true;
}

/** Renders and saves every demo image; returns the media rows to record and where each image goes. */
async function saveArtwork(mediaService: MediaLibrary) {
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

function importedProduct(demo: DemoProduct, images: string[], now: Date): ImportedProduct {
  return {
    slug: demo.slug,
    title: demo.title,
    categorySlug: demo.category,
    originalPricePaise: rupeesToPaise(demo.originalPriceRupees),
    pricePaise: rupeesToPaise(demo.priceRupees),
    images,
    specs: demo.specs,
    description: demo.description,
    whatsInTheBox: demo.whatsInTheBox,
    listingFacts: demoListingFacts(demo),
    reviewCount: demo.reviews.length,
    ratingTotal: demo.reviews.reduce((sum, review) => sum + review.rating, 0),
    createdAt: new Date(now.getTime() - demo.daysAgo * DAY_MS),
  };
}

function importedReviews(demo: DemoProduct, now: Date): ImportedReview[] {
  return demo.reviews.map((review) => ({
    userName: review.userName,
    title: review.title,
    rating: review.rating,
    message: review.message,
    createdAt: new Date(now.getTime() - review.daysAgo * DAY_MS),
  }));
}
