/** The product as the API shows it (spec section 3), plus category and slug. Prices in rupees. */
export interface Product {
  _id: string;
  slug: string;
  title: string;
  category: string;
  image: string[];
  originalPrice: number;
  price: number;
  isDiscount: boolean;
  discount: number;
  createdAt: string;
  specs: string[];
  description: string[];
  whatsInTheBox: string[];
  countInStock: number;
  rating: number;
  numReviews: number;
}

export interface Review {
  _id: string;
  title: string;
  userName: string;
  rating: number;
  message: string;
  images: string[];
  createdAt: string;
}

/** Whole-percent discount from MRP to selling price, as the '-N% OFF' badge shows it. */
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

export function toProductCard(product: Product): ProductCard {
  const { _id, slug, title, price, originalPrice, isDiscount, discount } = product;
  return { _id, slug, title, price, originalPrice, isDiscount, discount, image: product.image[0] ?? '' };
}
