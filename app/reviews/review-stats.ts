/** The review list's pure rules: its summary (average, count, histogram) and its two orders. */
import { MAX_STARS } from '../../core/constants';
import { averageRating, type Product, type Review } from '../../core/product';
import type { ReviewList, ReviewListItem, ReviewSort } from '../../core/contracts/reviews';

/** A review as the page holds it: the list's, with the badge and the edit time, from the server's render on. */
export type ShownReview = ReviewListItem;

/** What the list shows above itself; the same shape as the get-reviews answer's summary. */
export type ReviewSummary = Pick<ReviewList, 'rating' | 'numReviews' | 'histogram'>;

/** How many reviews gave each number of stars, from MAX_STARS down to 1: always five entries. */
export function histogramOf(reviews: readonly Pick<Review, 'rating'>[]): ReviewSummary['histogram'] {
  const counts = new Map<number, number>();
  for (const { rating } of reviews) counts.set(rating, (counts.get(rating) ?? 0) + 1);
  return Array.from({ length: MAX_STARS }, (_, index) => {
    const stars = MAX_STARS - index;
    return { stars, count: counts.get(stars) ?? 0 };
  });
}

/** The summary of a whole list: the average to one decimal (as the product's), the count and the histogram. */
export function summarize(reviews: readonly Pick<Review, 'rating'>[]): ReviewSummary {
  const total = reviews.reduce((sum, { rating }) => sum + rating, 0);
  return { rating: averageRating(total, reviews.length), numReviews: reviews.length, histogram: histogramOf(reviews) };
}

/** A bar's share of the histogram, in whole percent (0 when there are no reviews). */
export function histogramPercent(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

const newestFirst = (a: Pick<Review, 'createdAt'>, b: Pick<Review, 'createdAt'>) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;

/**
 * The list in the chosen order, as the server sorts it: newest first, or most stars first and then newest.
 * A new array; the input is left as it is.
 */
export function sortReviews<R extends Pick<Review, 'rating' | 'createdAt'>>(
  reviews: readonly R[],
  sort: ReviewSort,
): R[] {
  return [...reviews].sort((a, b) =>
    sort === 'highest' ? b.rating - a.rating || newestFirst(a, b) : newestFirst(a, b),
  );
}

/** Reviews the list shows at first, and how many more each 'Show more reviews' adds. */
export const REVIEWS_PAGE_SIZE = 10;

/**
 * What the page paints first from the server's render: the list's first page, newest first, with the product's own
 * average and count (the get-reviews answer gives the same) and the histogram of the whole list.
 */
export function firstPaintReviews(
  product: Pick<Product, 'rating' | 'numReviews'>,
  reviews: readonly ShownReview[] | null,
): FirstPaintReviews {
  return {
    // null: the server could not read them; the panel shows the list's own failure state (spec section 2).
    reviews: reviews && sortReviews(reviews, 'newest').slice(0, REVIEWS_PAGE_SIZE),
    summary: { rating: product.rating, numReviews: product.numReviews, histogram: histogramOf(reviews ?? []) },
  };
}

export interface FirstPaintReviews {
  reviews: ShownReview[] | null;
  summary: ReviewSummary;
}
