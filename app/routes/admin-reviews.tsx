import { adminMeta } from '../admin/viewer';
import type { Route } from './+types/admin-reviews';
import { ReviewQueue } from '../admin/ReviewQueue';

export const meta: Route.MetaFunction = () => adminMeta('Reviews');

export default function AdminReviewQueuePage() {
  return <ReviewQueue />;
}
