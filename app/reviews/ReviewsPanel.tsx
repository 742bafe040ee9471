import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { Product } from '../../core/product';
import type { User } from '../../core/user';
import type { ReviewSort } from '../../core/contracts/reviews';
import { Stars } from '../components/Stars';
import { toast } from '../lib/toast';
import { SIGN_IN_TO_REVIEW } from './messages';
import { RatingHistogram, ReviewList } from './ReviewList';
import type { ProductReviews } from './use-product-reviews';

const SORTS: ReadonlyArray<{ value: ReviewSort; label: string }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'highest', label: 'Highest rated' },
];

// The modal's code (the form kit, zod, the star input) loads when it is first opened.
const loadModal = () => import('./ReviewModal');
const ReviewModal = lazy(loadModal);

interface ReviewsPanelProps {
  product: Pick<Product, '_id' | 'title'>;
  reviews: ProductReviews;
  /** The Reviews tab is showing: the browser then fetches the fresh list. */
  shown: boolean;
  /** The page was opened to write a review (`?review=1`, the review request mail's link). */
  openForm: boolean;
  /** The session as the page knows it: 'loading' until the start-up fetch has answered. */
  session: { status: 'loading' | 'signed-out' | 'signed-in'; user: Pick<User, '_id' | 'fullname' | 'email'> | null };
}

/** The Reviews tab: 'Rating & Review', the average and count, the histogram, Write Review, the sorted list. */
export function ReviewsPanel({ product, reviews, shown, openForm, session }: ReviewsPanelProps) {
  const [writing, setWriting] = useState(false);
  const sortId = useId();
  const { summary, showFresh } = reviews;
  const formAsked = useRef(false);

  useEffect(() => {
    if (shown) showFresh();
  }, [shown, showFresh]);

  const write = () => {
    if (session.status === 'signed-in') setWriting(true);
    else toast.error(SIGN_IN_TO_REVIEW);
  };

  // `?review=1` opens the form once the session is known: for a signed-in shopper, else the sign-in toast.
  useEffect(() => {
    if (!openForm || formAsked.current || session.status === 'loading') return;
    formAsked.current = true;
    if (session.status === 'signed-in') setWriting(true);
    else toast.error(SIGN_IN_TO_REVIEW);
  }, [openForm, session.status]);

  return (
    <div id="reviews" className="grid scroll-mt-24 gap-8 md:grid-cols-[16rem_1fr]">
      <div>
        <h2 className="text-lg font-semibold">Rating &amp; Review</h2>
        <p className="mt-2 text-4xl font-semibold" data-testid="review-average">
          {summary.rating.toFixed(1)}
        </p>
        <Stars rating={summary.rating} className="size-5" />
        <p className="mt-1 text-sm text-stone-600" data-testid="review-count">
          Based on ({summary.numReviews}) reviews
        </p>
        <RatingHistogram summary={summary} />
        <button
          type="button"
          className="btn-primary mt-5"
          onClick={write}
          onPointerEnter={() => void loadModal()}
          onFocus={() => void loadModal()}
        >
          Write Review
        </button>
      </div>
      <div>
        {reviews.reviews && reviews.reviews.length > 0 ? (
          <>
            <div className="mb-4 flex items-center justify-end gap-2 text-sm">
              <label htmlFor={sortId} className="text-stone-700">
                Sort by
              </label>
              <select
                id={sortId}
                value={reviews.sort}
                onChange={(event) => reviews.setSort(event.target.value as ReviewSort)}
                className="rounded-md border border-stone-300 bg-white px-2 py-1.5"
              >
                {SORTS.map(({ value, label }) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <ReviewList key={reviews.sort} reviews={reviews.reviews} />
          </>
        ) : (
          <p className="text-stone-600">No Reviews Yet...</p>
        )}
      </div>
      {writing && session.user && (
        <Suspense fallback={null}>
          <ReviewModal
            product={product}
            user={session.user}
            onClose={() => setWriting(false)}
            onSubmitted={() => void reviews.refresh()}
          />
        </Suspense>
      )}
    </div>
  );
}
