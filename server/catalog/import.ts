import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { banners, categories, products } from './schema.ts';
import type { ListingFacts } from '../../core/contracts/listing-facts.ts';
import { MAX_CATEGORIES } from '../../core/contracts/admin-products.ts';
import { MAX } from '../../core/contracts/fields.ts';

export interface ImportedProduct {
  slug: string;
  title: string;
  categorySlug: string;
  originalPricePaise: number;
  pricePaise: number;
  /** Media keys, first is the main image. */
  images: string[];
  specs: string[];
  description: string[];
  whatsInTheBox: string[];
  /** The Legal Metrology facts (decision 0036); left out, the product has none yet. */
  listingFacts?: ListingFacts | null;
  /** The rating of the reviews imported with it (the reviews module imports them): their count and stars. */
  reviewCount?: number;
  ratingTotal?: number;
  createdAt: Date;
}

/**
 * A whole catalogue to add: categories (kept when their slug exists), products and banners. Reviews are the reviews
 * module's to import (its importReviews), after the products they are of.
 */
export interface CatalogueImport {
  categories: Array<{ slug: string; name: string; position: number }>;
  products: ImportedProduct[];
  banners: Array<{ placement: 'carousel' | 'snapshot'; mediaKey: string; alt: string; position: number }>;
}

/** Whether the catalogue has any product yet. */
export async function hasProducts(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(products);
  return (existing?.n ?? 0) > 0;
}

/**
 * Adds a catalogue inside the caller's transaction (the demo seed uses it; so can an import from a spreadsheet). The
 * products' stock is the stock module's to open (its importStock, decision 0062), in the same transaction; the caller
 * publishes the change once it has committed.
 */
export async function importCatalogue(tx: Db, catalogue: CatalogueImport): Promise<Map<string, string>> {
  const categoryId = await ensureCategories(tx, catalogue.categories);
  const productIds = new Map<string, string>();
  for (const product of catalogue.products) {
    const id = categoryId.get(product.categorySlug);
    if (id === undefined) throw new Error(`Unknown category '${product.categorySlug}' for '${product.slug}'`);
    productIds.set(product.slug, await insertProduct(tx, product, id));
  }
  if (catalogue.banners.length > 0) await tx.insert(banners).values(catalogue.banners);
  return productIds;
}

/**
 * Adds to a product's review count and rating total inside the caller's transaction: the reviews module calls it
 * (through CatalogService.adjustRating, or its import) with every review it adds, edits or hides.
 */
export async function addToRating(tx: Db, productId: string, change: { reviews: number; stars: number }) {
  await tx
    .update(products)
    .set({
      reviewCount: sql`${products.reviewCount} + ${change.reviews}`,
      ratingTotal: sql`${products.ratingTotal} + ${change.stars}`,
    })
    .where(eq(products.id, productId));
}

/**
 * The categories by slug, adding those that are missing. The back office lists them all, in the bounds its answer
 * documents: at most MAX_CATEGORIES, each slug and name within the fields' limits.
 */
async function ensureCategories(tx: Db, wanted: CatalogueImport['categories']): Promise<Map<string, number>> {
  if (wanted.length === 0) return new Map();
  const tooLong = wanted.find(({ slug, name }) => slug.length > MAX.line || name.length > MAX.name);
  if (tooLong) throw new Error(`Category ${tooLong.slug.slice(0, 40)}: a slug or name is too long`);
  await tx.insert(categories).values(wanted).onConflictDoNothing();
  const [total] = await tx.select({ count: count() }).from(categories);
  if (total!.count > MAX_CATEGORIES) throw new Error(`A shop has at most ${MAX_CATEGORIES} categories`);
  const slugs = wanted.map((category) => category.slug);
  const rows = await tx
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.slug, slugs));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** Adds one product; returns its id. */
async function insertProduct(tx: Db, product: ImportedProduct, categoryId: number): Promise<string> {
  const { categorySlug: _slug, ...fields } = product;
  const [row] = await tx
    .insert(products)
    .values({ ...fields, categoryId, updatedAt: product.createdAt })
    .returning({ id: products.id });
  return row!.id;
}
