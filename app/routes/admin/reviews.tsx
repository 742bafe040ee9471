import type { Route } from './+types/reviews';
import {
  adminReviewsEndpoint,
  hideReviewEndpoint,
  hideReviewPhotoEndpoint,
  unhideReviewEndpoint,
  unhideReviewPhotoEndpoint,
} from '../../../core/contracts/admin-reviews';
import { change, read, searchInput, unknownForm } from '../../admin/api.server';
import { INTENT } from '../../admin/change-form';
import { ReviewQueue, moderated, moderationOf } from '../../admin/ReviewQueue';
import { AdminPageError } from '../../admin/ui';
import { adminMeta } from '../../admin/viewer';

/** /admin/reviews: every review, newest first, by status and words, a page at a time. */
export const loader = (args: Route.LoaderArgs) =>
  read(args, adminReviewsEndpoint, { query: searchInput(args.request, ['status', 'q', 'before']) });

/** Hides a review or one of its photos, or shows it again, with the admin's optional reason. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const moderation = moderationOf(String(form.get(INTENT) ?? ''));
  if (!moderation) return unknownForm(form);
  const submitted = { ...args, form };
  const reviewId = String(form.get('reviewId') ?? '');
  const body = { reason: String(form.get('reason') ?? '') };
  const done = () => moderated(moderation);
  if (moderation.thing === 'Review') {
    const endpoint = moderation.hide ? hideReviewEndpoint : unhideReviewEndpoint;
    return change(submitted, endpoint, { params: { reviewId }, body, done });
  }
  const params = { reviewId, position: String(moderation.position) };
  const endpoint = moderation.hide ? hideReviewPhotoEndpoint : unhideReviewPhotoEndpoint;
  return change(submitted, endpoint, { params, body, done });
}

export const meta: Route.MetaFunction = () => adminMeta('Reviews');

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  return <ReviewQueue data={loaderData} />;
}

export const ErrorBoundary = () => <AdminPageError title="Reviews" />;
