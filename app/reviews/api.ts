/**
 * The reviews' API calls. This module brings the HTTP client and zod with it, so the product page imports it only
 * when it needs it (the JavaScript budget, decision 0011).
 */
import type { ReviewInput } from '../../core/contracts/catalog';
import {
  addProductReviewEndpoint,
  deleteOwnReviewEndpoint,
  ownReviewEndpoint,
  productReviewsEndpoint,
  reviewFormData,
  type ReviewSort,
} from '../../core/contracts/reviews';
import { call } from '../lib/http';

/** A product's visible reviews in the chosen order, with their average, count and histogram. */
export const fetchReviews = (productId: string, sort: ReviewSort) =>
  call(productReviewsEndpoint, { params: { id: productId }, query: { sort } });

/** Writes (or edits) the signed-in shopper's review, with its photos, as multipart/form-data. */
export const submitReview = (productId: string, userId: string, reviewData: ReviewInput, files: readonly File[]) =>
  call(addProductReviewEndpoint, {
    params: { productId },
    body: reviewFormData({ productId, userId, reviewData, files }),
  });

/** The signed-in shopper's own review of the product, to fill the form with; null when they have not written one. */
export const fetchOwnReview = async (productId: string) =>
  (await call(ownReviewEndpoint, { params: { productId } })).review;

/** Deletes the signed-in shopper's review of the product, with its photos. */
export const deleteOwnReview = (productId: string) => call(deleteOwnReviewEndpoint, { params: { productId } });
