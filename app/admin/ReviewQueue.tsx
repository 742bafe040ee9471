import type { ReactNode } from 'react';
import { REVIEW_STATUSES, type AdminReview, type adminReviewsEndpoint } from '../../core/contracts/admin-reviews';
import type { Success } from './api';
import { Form } from 'react-router';
import { ChangeFields, INTENT, useChangeForm, useChangeToasts } from './change-form';
import { Badge, Card, FilterField, ListPage, When, inputClass, smallButtonClass } from './ui';

/**
 * A moderation's intent (routes/admin/reviews.tsx): hide or show the review, or one of its photos, e.g.
 * `photo:2:hide`. The toast reads "Review hidden" or "Photo shown".
 */
export type Moderation = { thing: 'Review' | 'Photo'; hide: boolean; position?: number };

export const moderationIntent = ({ thing, hide, position }: Moderation) =>
  thing === 'Review' ? `review:${hide ? 'hide' : 'unhide'}` : `photo:${position}:${hide ? 'hide' : 'unhide'}`;

/** The moderation an intent names, or null. */
export function moderationOf(intent: string): Moderation | null {
  const review = /^review:(hide|unhide)$/.exec(intent);
  if (review) return { thing: 'Review', hide: review[1] === 'hide' };
  const photo = /^photo:(\d{1,2}):(hide|unhide)$/.exec(intent);
  return photo ? { thing: 'Photo', hide: photo[2] === 'hide', position: Number(photo[1]) } : null;
}

export const moderated = ({ thing, hide }: Moderation) => `${thing} ${hide ? 'hidden' : 'shown'}`;

/** A submit button of the card's form: "Hide photo" or "Show photo", "Hide review" or "Show review". */
function VisibilityButton({
  moderation,
  busy,
  children,
}: {
  moderation: Moderation;
  busy: boolean;
  /** After the words, e.g. the photo's number for a screen reader. */
  children?: ReactNode;
}) {
  return (
    <button
      type="submit"
      name={INTENT}
      value={moderationIntent(moderation)}
      disabled={busy}
      className={smallButtonClass}
    >
      {`${moderation.hide ? 'Hide' : 'Show'} ${moderation.thing.toLowerCase()}`}
      {children}
    </button>
  );
}

/** One review with its moderation: hide or show it, or one of its photos, with an optional reason. */
function ReviewCard({ review }: { review: AdminReview }) {
  const reviewId = review.id;
  const { busy } = useChangeForm(`review-${reviewId}`);
  const reasonId = `reason-${reviewId}`;
  return (
    <Card>
      <article aria-labelledby={`review-${reviewId}`}>
        <Form method="post" className="space-y-2">
          <ChangeFields form={`review-${reviewId}`} />
          <input type="hidden" name="reviewId" value={reviewId} />
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
              {review.photos.map((photo) => (
                <li key={photo.position} className="space-y-1">
                  <img
                    src={photo.url}
                    alt={`Photo ${photo.position + 1} of the review`}
                    className={`size-24 rounded object-cover ${photo.hidden ? 'opacity-40' : ''}`}
                  />
                  <VisibilityButton
                    moderation={{ thing: 'Photo', hide: !photo.hidden, position: photo.position }}
                    busy={busy}
                  >
                    <span className="sr-only"> {photo.position + 1}</span>
                  </VisibilityButton>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap items-end gap-2 pt-2">
            <div className="min-w-0 flex-1 basis-48">
              <label htmlFor={reasonId} className="block text-sm text-stone-700">
                Reason (optional)
              </label>
              <input id={reasonId} name="reason" maxLength={200} className={inputClass} />
            </div>
            <VisibilityButton moderation={{ thing: 'Review', hide: !review.hidden }} busy={busy} />
          </div>
        </Form>
      </article>
    </Card>
  );
}

/** /admin/reviews: every review, newest first, by status and words, a page at a time. */
export function ReviewQueue({ data }: { data: Success<typeof adminReviewsEndpoint> }) {
  useChangeToasts();
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
      {(review) => <ReviewCard review={review} />}
    </ListPage>
  );
}
