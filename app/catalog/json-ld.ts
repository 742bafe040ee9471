import { MAX_STARS } from '../../core/constants';
import type { Product, Review } from '../../core/product';

/** How many of the list's first reviews the data carries (search engines read a handful). */
export const REVIEWS_IN_JSON_LD = 5;

/** The reviews as the page first shows them: the list in its order, and the average and count above it. */
export interface ShownReviews {
  /** null when they failed to load: the data then carries none. */
  reviews: readonly Review[] | null;
  summary: Pick<Product, 'rating' | 'numReviews'>;
}

const absolute = (origin: string, url: string) => (url.startsWith('http') ? url : `${origin}${url}`);

/**
 * schema.org Product data for search engines: price in INR, availability, and the rating and reviews as the page
 * shows them (the same average and count, the list's first reviews in its order).
 */
export function productJsonLd(product: Product, { reviews, summary }: ShownReviews, origin: string, shopName: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    sku: product.slug,
    image: product.image.map((url) => absolute(origin, url)),
    description: product.description.join(' '),
    category: product.category,
    brand: { '@type': 'Brand', name: shopName },
    offers: {
      '@type': 'Offer',
      url: `${origin}/product/${product.slug}`,
      priceCurrency: 'INR',
      price: product.price.toFixed(2),
      availability: product.countInStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: shopName },
    },
    ...(summary.numReviews > 0 && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: summary.rating,
        reviewCount: summary.numReviews,
        bestRating: MAX_STARS,
        worstRating: 1,
      },
    }),
    ...(reviews &&
      reviews.length > 0 && {
        review: reviews.slice(0, REVIEWS_IN_JSON_LD).map((review) => ({
          '@type': 'Review',
          name: review.title,
          reviewBody: review.message,
          datePublished: review.createdAt.slice(0, 10),
          author: { '@type': 'Person', name: review.userName },
          reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: MAX_STARS, worstRating: 1 },
          ...(review.images.length > 0 && { image: review.images.map((url) => absolute(origin, url)) }),
        })),
      }),
  };
}
