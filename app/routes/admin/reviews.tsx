import type { Route } from './+types/reviews';
import { adminReviewsEndpoint } from '../../../core/contracts/admin-reviews';
import { read, searchInput } from '../../admin/api.server';
import { ReviewQueue } from '../../admin/ReviewQueue';
import { AdminPageError } from '../../admin/ui';
import { adminMeta } from '../../admin/viewer';

/** /admin/reviews: every review, newest first, by status and words, a page at a time. */
export const loader = (args: Route.LoaderArgs) =>
  read(args, adminReviewsEndpoint, { query: searchInput(args.request, ['status', 'q', 'before']) });

export const meta: Route.MetaFunction = () => adminMeta('Reviews');

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  return <ReviewQueue data={loaderData} />;
}

export const ErrorBoundary = () => <AdminPageError title="Reviews" />;
