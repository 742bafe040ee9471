import { lazy, Suspense, useState } from 'react';
import { MAX_STARS } from '../../core/constants';
import { formatShopDate } from '../../core/shop-date';
import { REVIEW_THUMBNAIL_MAX_WIDTH, responsiveSources } from '../../core/media';
import { Stars } from '../components/Stars';
import { histogramPercent, REVIEWS_PAGE_SIZE, type ReviewSummary, type ShownReview } from './review-stats';

const PhotoViewer = lazy(() => import('./PhotoViewer'));

/** How many reviews gave each number of stars, as bars, 5 stars first. */
export function RatingHistogram({ summary }: { summary: ReviewSummary }) {
  return (
    <ul className="mt-4 space-y-1.5" aria-label="Ratings by stars" data-testid="rating-histogram">
      {summary.histogram.map(({ stars, count }) => {
        const percent = histogramPercent(count, summary.numReviews);
        return (
          <li key={stars} className="flex items-center gap-2 text-sm" data-stars={stars}>
            <span className="sr-only">{`${stars} of ${MAX_STARS} stars: ${count} ${count === 1 ? 'review' : 'reviews'}`}</span>
            <span aria-hidden="true" className="w-12 shrink-0 text-stone-700">
              {stars} {stars === 1 ? 'star' : 'stars'}
            </span>
            <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200">
              <span className="block h-full rounded-full bg-[#d69e2e]" style={{ width: `${percent}%` }} />
            </span>
            <span aria-hidden="true" className="w-8 shrink-0 text-right tabular-nums text-stone-600">
              {count}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

interface OpenPhoto {
  src: string;
  alt: string;
}

/**
 * The reviews, each as the spec's card plus its date, the badge and its photos; photos open larger in a dialog.
 * A page of them at a time: a product with a thousand reviews stays light on a cheap phone.
 */
export function ReviewList({ reviews }: { reviews: ShownReview[] }) {
  const [photo, setPhoto] = useState<OpenPhoto | null>(null);
  const [shown, setShown] = useState(REVIEWS_PAGE_SIZE);
  return (
    <>
      <ul className="space-y-6" data-testid="review-list">
        {reviews.slice(0, shown).map((review) => (
          <ReviewCard key={review._id} review={review} onOpenPhoto={setPhoto} />
        ))}
      </ul>
      {reviews.length > shown && (
        <button type="button" className="btn-secondary mt-6" onClick={() => setShown(shown + REVIEWS_PAGE_SIZE)}>
          Show more reviews ({reviews.length - shown})
        </button>
      )}
      {photo && (
        <Suspense fallback={null}>
          <PhotoViewer src={photo.src} alt={photo.alt} onClose={() => setPhoto(null)} />
        </Suspense>
      )}
    </>
  );
}

function ReviewCard({ review, onOpenPhoto }: { review: ShownReview; onOpenPhoto: (photo: OpenPhoto) => void }) {
  return (
    <li className="border-b border-stone-200 pb-6" data-testid="review">
      <h3 className="font-semibold">{review.title}</h3>
      <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-stone-600">
        <span>{review.userName}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={review.createdAt}>{formatShopDate(review.createdAt)}</time>
        {review.verifiedPurchase && (
          <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800">
            Verified purchase
          </span>
        )}
      </p>
      <p className="mt-1 flex items-center gap-2 text-sm">
        <Stars rating={review.rating} /> {review.rating} Stars
      </p>
      {/* A text node: whatever the review says, e.g. <script>, shows as written and is never HTML. */}
      <p className="mt-2 whitespace-pre-line break-words leading-7 text-stone-700">{review.message}</p>
      {review.images.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos">
          {review.images.map((src, index) => {
            const alt = `Photo ${index + 1} of ${review.images.length} from ${review.userName}'s review "${review.title}"`;
            const sources = responsiveSources(src, REVIEW_THUMBNAIL_MAX_WIDTH);
            return (
              <li key={src}>
                <button
                  type="button"
                  className="block overflow-hidden rounded-md border border-stone-200 focus-visible:outline-2 focus-visible:outline-brand-700"
                  aria-label={`Open larger: ${alt}`}
                  onClick={() => onOpenPhoto({ src, alt })}
                >
                  <img
                    src={src}
                    srcSet={sources.srcSets?.webp}
                    sizes="80px"
                    alt={alt}
                    width={80}
                    height={80}
                    loading="lazy"
                    decoding="async"
                    className="size-20 object-cover"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}
