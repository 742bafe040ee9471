// The reviews module's public face (decision 0024): a product's reviews, writing them with photos, and the review
// request mail after delivery. It depends on the catalogue, orders, auth, media, mail and jobs, none of them on it.
export { reviewRoutes } from './routes.ts';
export { ReviewService, REVIEW_REQUEST_JOB } from './service.ts';
export { reviewWriteLimit } from './limits.ts';
export { importReviews, type ImportedReview } from './import.ts';
