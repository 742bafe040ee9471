import { useState, type ReactNode } from 'react';
import type { Endpoint } from '../../core/contracts/endpoint';
import {
  REVIEW_STATUSES,
  type adminReviewsEndpoint,
  hideReviewEndpoint,
  hideReviewPhotoEndpoint,
  unhideReviewEndpoint,
  unhideReviewPhotoEndpoint,
  type AdminReview,
} from '../../core/contracts/admin-reviews';
import { change, changeOrToast, type ChangeInput, type Success } from './api';
import { useAdminViewer } from './viewer';
import { Badge, Card, FilterField, ListPage, When, inputClass, smallButtonClass } from './ui';

/** Sends a moderation and toasts `done` when it is made; the card then shows the review it answers. */
type Moderate = (send: () => Promise<AdminReview>, done: string) => Promise<void>;

/**
 * Hides a review or one of its photos, or shows it again: the button reads "Hide photo" or "Show photo" and the
 * toast "Photo hidden" or "Photo shown". The thing's hide and unhide endpoints take the same input.
 */
function VisibilityButton<Hide extends Endpoint, Unhide extends Endpoint>({
  thing,
  hidden,
  endpoints: [hide, unhide],
  input,
  busy,
  moderate,
  children,
}: {
  thing: 'Review' | 'Photo';
  hidden: boolean;
  endpoints: readonly [hide: Hide, unhide: Unhide];
  input: ChangeInput<Hide> & ChangeInput<Unhide>;
  busy: boolean;
  moderate: Moderate;
  /** After the words, e.g. the photo's number for a screen reader. */
  children?: ReactNode;
}) {
  const { csrfToken } = useAdminViewer();
  // Every moderation endpoint answers the review; the generic pair cannot carry that type through change().
  const send = () => change(csrfToken, hidden ? unhide : hide, input) as Promise<AdminReview>;
  return (
    <button
      type="button"
      disabled={busy}
      className={smallButtonClass}
      onClick={() => void moderate(send, `${thing} ${hidden ? 'shown' : 'hidden'}`)}
    >
      {`${hidden ? 'Show' : 'Hide'} ${thing.toLowerCase()}`}
      {children}
    </button>
  );
}

/** One review with its moderation: hide or show it, or one of its photos, with an optional reason. */
function ReviewCard({ initial }: { initial: AdminReview }) {
  const [review, setReview] = useState(initial);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const moderate: Moderate = async (send, done) => {
    setBusy(true);
    const answer = await changeOrToast(send, done);
    setBusy(false);
    if (answer) setReview(answer);
  };
  const body = { reason };
  const reviewId = review.id;
  const reasonId = `reason-${reviewId}`;
  return (
    <Card>
      <article aria-labelledby={`review-${reviewId}`} className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={review.hidden ? 'bad' : 'good'}>{review.hidden ? 'Hidden' : 'Visible'}</Badge>
          {review.verifiedPurchase && <Badge tone="neutral">Verified purchase</Badge>}
          <span className="text-sm text-stone-700">
            <span aria-hidden="true">
              {'★'.repeat(review.rating)}
              {'☆'.repeat(5 - review.rating)}
            </span>
            <span className="sr-only">{review.rating} out of 5 stars</span>
          </span>
        </div>
        <h2 id={`review-${reviewId}`} className="font-semibold break-words">
          {review.title}
        </h2>
        <p className="whitespace-pre-line break-words text-stone-800">{review.message}</p>
        <p className="text-sm break-words text-stone-600">
          {review.userName}
          {review.email && ` · ${review.email}`} · {review.productTitle ?? 'A product no longer in the shop'} ·{' '}
          <When at={review.createdAt} />
        </p>
        {review.photos.length > 0 && (
          <ul className="flex flex-wrap gap-3">
            {review.photos.map((photo) => {
              const params = { reviewId, position: String(photo.position) };
              return (
                <li key={photo.position} className="space-y-1">
                  <img
                    src={photo.url}
                    alt={`Photo ${photo.position + 1} of the review`}
                    className={`size-24 rounded object-cover ${photo.hidden ? 'opacity-40' : ''}`}
                  />
                  <VisibilityButton
                    thing="Photo"
                    hidden={photo.hidden}
                    endpoints={[hideReviewPhotoEndpoint, unhideReviewPhotoEndpoint]}
                    input={{ params, body }}
                    busy={busy}
                    moderate={moderate}
                  >
                    <span className="sr-only"> {photo.position + 1}</span>
                  </VisibilityButton>
                </li>
              );
            })}
          </ul>
        )}
        <div className="flex flex-wrap items-end gap-2 pt-2">
          <div className="min-w-0 flex-1 basis-48">
            <label htmlFor={reasonId} className="block text-sm text-stone-700">
              Reason (optional)
            </label>
            <input
              id={reasonId}
              value={reason}
              maxLength={200}
              onChange={(event) => setReason(event.target.value)}
              className={inputClass}
            />
          </div>
          <VisibilityButton
            thing="Review"
            hidden={review.hidden}
            endpoints={[hideReviewEndpoint, unhideReviewEndpoint]}
            input={{ params: { reviewId }, body }}
            busy={busy}
            moderate={moderate}
          />
        </div>
      </article>
    </Card>
  );
}

/** /admin/reviews: every review, newest first, by status and words, a page at a time. */
export function ReviewQueue({ data }: { data: Success<typeof adminReviewsEndpoint> }) {
  return (
    <ListPage
      title="Reviews"
      filterLabel="Find reviews"
      filters={
        <>
          <FilterField label="Status" name="status" options={[...REVIEW_STATUSES].reverse()} />
          <FilterField label="Search" name="q" type="search" />
        </>
      }
      data={data}
      itemsOf={(data) => data.reviews}
      empty="No reviews match."
      keyOf={(review) => `${review.id}-${review.updatedAt}`}
      className="space-y-4"
    >
      {(review) => <ReviewCard initial={review} />}
    </ListPage>
  );
}
