// The reviews module's public face (decision 0024): a product's reviews, writing them with photos, and the review
// request mail after delivery; their moderation in the back office (decision 0035). It depends on the catalogue,
// orders, auth, media, mail, jobs and audit, none of them on it.
export { reviewRoutes } from './routes.ts';
export { reviewAdminRoutes } from './admin-routes.ts';
export { ReviewService, REVIEW_REQUEST_JOB } from './service.ts';
export type { ReviewModeration } from './moderation.ts';
export { reviewWriteLimit } from './limits.ts';
export { importReviews, type ImportedReview } from './import.ts';
export { reviewsModule, reviewsFace, type Reviews } from './module.ts';
