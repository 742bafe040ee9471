import { useCallback, useRef, useState } from 'react';
import type { ReviewSort } from '../../core/contracts/reviews';
import { sortReviews, type FirstPaintReviews, type ReviewSummary, type ShownReview } from './review-stats';

export interface ReviewsState {
  /** The list in the chosen order; null when the browser's fetch failed (the panel says 'No Reviews Yet...'). */
  reviews: ShownReview[] | null;
  /** The average, count and histogram the page shows; a failed fetch keeps the last known ones. */
  summary: ReviewSummary;
  sort: ReviewSort;
  /** 'server': what the page was rendered with; 'fresh': the browser's own fetch has answered. */
  status: 'server' | 'loading' | 'fresh' | 'failed';
}

export interface ProductReviews extends ReviewsState {
  /** Fetches the list once, the first time it is shown (later calls do nothing). */
  showFresh: () => void;
  /** Fetches the list again, e.g. after a review was written. */
  refresh: () => Promise<void>;
  /** Orders the list at once and asks the server for it in that order. */
  setSort: (sort: ReviewSort) => void;
}

/** `first` is the server's render: its list newest first, or null when it failed (firstPaintReviews). */
const initialState = (first: FirstPaintReviews): ReviewsState => ({
  reviews: first.reviews,
  summary: first.summary,
  sort: 'newest',
  status: first.reviews ? 'server' : 'failed',
});

/**
 * A product's reviews in the browser: the server-rendered list first, then `GET …/get-reviews` as the spec's client
 * fetches it. The API module (and with it the HTTP client and zod) loads with the first fetch, which the panel asks
 * for when it is first shown, so a visitor who never opens the Reviews tab loads none of it (decision 0011).
 * Render it with `key={productId}`, so another product starts afresh.
 */
export function useProductReviews(productId: string, first: FirstPaintReviews) {
  const [state, setState] = useState(() => initialState(first));
  const requested = useRef(false);
  // Only the latest request's answer is shown: a slow answer for an older sort must not replace a newer one.
  const latest = useRef(0);

  const load = useCallback(
    async (sort: ReviewSort) => {
      const request = ++latest.current;
      setState((current) => ({ ...current, status: 'loading' }));
      try {
        const { fetchReviews } = await import('./api');
        const { reviews, rating, numReviews, histogram } = await fetchReviews(productId, sort);
        if (request !== latest.current) return;
        setState({ reviews, summary: { rating, numReviews, histogram }, sort, status: 'fresh' });
      } catch {
        if (request !== latest.current) return;
        setState((current) => ({ ...current, reviews: null, status: 'failed' }));
      }
    },
    [productId],
  );

  const showFresh = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    void load('newest');
  }, [load]);

  const refresh = useCallback(() => load(state.sort), [load, state.sort]);

  const setSort = useCallback(
    (sort: ReviewSort) => {
      requested.current = true;
      setState((current) => ({
        ...current,
        sort,
        reviews: current.reviews && sortReviews(current.reviews, sort),
      }));
      void load(sort);
    },
    [load],
  );

  return { ...state, showFresh, refresh, setSort } satisfies ProductReviews;
}
