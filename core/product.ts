// Catalogue rules shared by the storefront and the server; the shapes are the catalogue's contract.
import type { Product } from './contracts/catalog.ts';

export type { Product, Review } from './contracts/catalog.ts';

export function discountPercent(originalPaise: number, pricePaise: number): number {
  if (originalPaise <= 0 || pricePaise >= originalPaise) return 0;
  return Math.round(((originalPaise - pricePaise) / originalPaise) * 100);
}

/** Average rating to one decimal, 0 when there are no reviews. */
export function averageRating(ratingTotal: number, reviewCount: number): number {
  return reviewCount === 0 ? 0 : Math.round((ratingTotal / reviewCount) * 10) / 10;
}

/** The spec's rule for narrow screens: titles over the limit are cut and get '...'. */
export function cutTitle(title: string, limit: number): string {
  return title.length > limit ? `${title.slice(0, limit)}...` : title;
}

/** What a product grid card needs: the first image and the prices. */
export type ProductCard = Pick<
  Product,
  '_id' | 'slug' | 'title' | 'price' | 'originalPrice' | 'isDiscount' | 'discount'
> & {
  image: string;
};

/** The home page shows this many of the newest products; the full catalogue is on /shop. */
export const HOME_PRODUCT_COUNT = 12;

export function toProductCard(product: Product): ProductCard {
  const { _id, slug, title, price, originalPrice, isDiscount, discount } = product;
  return { _id, slug, title, price, originalPrice, isDiscount, discount, image: product.image[0] ?? '' };
}
