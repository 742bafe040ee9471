// The reviews module's public face: shoppers' reviews with photos, moderation, and review requests after delivery.
// The demo seed imports reviews with the products.
export { reviewsModule, type Reviews } from './module.ts';
export { importReviews, type ImportedReview } from './import.ts';
export type { ReviewModeration } from './moderation.ts';
