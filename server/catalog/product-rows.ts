/** How a product's row reads in the back office (decision 0036), and the alt text both the shop and it show. */
import { discountPercent } from '../../core/product.ts';
import { paiseToRupees } from '../../core/money.ts';
import { mediaUrl } from '../../core/media.ts';
import type { AdminProduct, AdminProductSummary } from '../../core/contracts/admin-products.ts';
import type { products } from './schema.ts';

export type ProductRow = typeof products.$inferSelect;
/** A spec is stored as the shop shows it, 'Name: value'; names hold no colon, so the first one splits it. */
const SPEC_SEPARATOR = ': ';

export const specText = ({ name, value }: { name: string; value: string }) => `${name}${SPEC_SEPARATOR}${value}`;

export function specParts(text: string): { name: string; value: string } {
  const at = text.indexOf(':');
  if (at < 0) return { name: '', value: text };
  return { name: text.slice(0, at).trim(), value: text.slice(at + 1).trim() };
}

/** Each image's alt text as an admin wrote it, in the images' order; '' where none was (the page describes it). */
export const imageAltsOf = (row: Pick<ProductRow, 'images' | 'imageAlts'>) =>
  row.images.map((key) => row.imageAlts[key] ?? '');

/** One unit's parcel as couriers and the back office speak of it: kg and cm, from grams and millimetres. */
export const unitParcelOf = (row: Pick<ProductRow, 'weightGrams' | 'lengthMm' | 'breadthMm' | 'heightMm'>) => ({
  weightKg: row.weightGrams / 1000,
  lengthCm: row.lengthMm / 10,
  breadthCm: row.breadthMm / 10,
  heightCm: row.heightMm / 10,
});

/** A product's row with its stock (the stock module's) beside it. */
export interface StockedRow {
  row: ProductRow;
  category: string;
  countInStock: number;
}

export function toAdminSummary({ row, category, countInStock }: StockedRow, mediaBaseUrl: string): AdminProductSummary {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    category,
    originalPrice: paiseToRupees(row.originalPricePaise),
    price: paiseToRupees(row.pricePaise),
    discount: discountPercent(row.originalPricePaise, row.pricePaise),
    countInStock,
    hidden: row.hidden,
    createdAt: row.createdAt.toISOString(),
    image: row.images[0] ? mediaUrl(mediaBaseUrl, row.images[0]) : null,
  };
}

export function toAdminProduct(stocked: StockedRow, mediaBaseUrl: string): AdminProduct {
  const { row } = stocked;
  const { image: _first, ...summary } = toAdminSummary(stocked, mediaBaseUrl);
  return {
    ...summary,
    specs: row.specs.map(specParts),
    description: row.description,
    whatsInTheBox: row.whatsInTheBox,
    listingFacts: row.listingFacts ?? null,
    images: row.images.map((key, index) => ({ key, url: mediaUrl(mediaBaseUrl, key), alt: imageAltsOf(row)[index]! })),
    ...unitParcelOf(row),
    updatedAt: row.updatedAt.toISOString(),
  };
}
