/**
 * The back office's review moderation (issue 22, decision 0035): every review, hidden or not, with its author's
 * e-mail, and hiding or showing again a review or one of its photos. A hidden review leaves the product's list and
 * its rating; a hidden photo leaves the list.
 */
import { z } from './zod.ts';
import { MAX, messageSchema, shownList, shownText, shownTime } from './fields.ts';
import { REVIEW_MAX_FILES_CEILING } from './reviews.ts';
import { REVIEW_SHOWN_PHOTOS } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { ADMIN_PAGE, adminErrors, listLimitSchema, reasonSchema, searchSchema } from './admin-lists.ts';

export const REVIEW_STATUSES = ['visible', 'hidden', 'all'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const adminReviewPhotoSchema = z.object({
  /** Its place among the review's photos, from 0: the photo's address in the hide and unhide routes. */
  position: z.number().int(),
  url: shownText(MAX.url),
  hidden: z.boolean(),
});

export const adminReviewSchema = z.object({
  id: shownText(MAX.name),
  productId: shownText(MAX.name),
  /** Null once the product is no longer in the shop's catalogue. */
  productTitle: shownText(MAX.title).nullable(),
  userName: shownText(MAX.name),
  /** The address the author gave with the review; null for imported reviews. */
  email: shownText(MAX.email).nullable(),
  rating: z.number().int(),
  title: shownText(MAX.title),
  /** As written: render it as text. */
  message: shownText(MAX.text),
  verifiedPurchase: z.boolean(),
  hidden: z.boolean(),
  photos: shownList(adminReviewPhotoSchema, REVIEW_MAX_FILES_CEILING),
  /** Images of imported (demo) reviews: shown with the review, hidden only with it. */
  importedImages: shownList(shownText(MAX.url), REVIEW_SHOWN_PHOTOS),
  createdAt: shownTime(),
  updatedAt: shownTime(),
});

const reviewId = z.uuid({ error: 'reviewId must be a review id' });

/** Newest first; `before` is the previous page's `next`. `q` looks in the title, text, author's name and e-mail. */
export const adminReviewsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/reviews',
  querystring: z.object({
    status: z.enum(REVIEW_STATUSES, { error: 'status must be visible, hidden or all' }).default('all'),
    productId: z.uuid({ error: 'productId must be a product id' }).optional(),
    q: searchSchema,
    before: z.uuid({ error: 'before must be a review id' }).optional(),
    limit: listLimitSchema,
  }),
  responses: {
    200: z.object({
      reviews: shownList(adminReviewSchema, ADMIN_PAGE.max),
      /** The `before` of the next page; null on the last. */
      next: shownText(MAX.name).nullable(),
    }),
    ...adminErrors,
  },
});

/** Why, for the audit log; the body may be left out (Fastify reads a missing body as null). */
const moderationBody = z.object({ reason: reasonSchema }).nullish();

const moderationEndpoint = <const P extends string, const S extends z.ZodType>(path: P, params: S) =>
  endpoint({
    method: 'POST',
    path,
    params,
    body: moderationBody,
    responses: { 200: adminReviewSchema, ...adminErrors, 404: messageSchema },
  });

const reviewParams = z.object({ reviewId });
const photoParams = z.object({
  reviewId,
  position: z
    .string({ error: 'position must be a photo position, from 0' })
    .regex(/^\d{1,2}$/, 'position must be a photo position, from 0')
    .max(2, 'position must be a photo position, from 0')
    .transform(Number),
});

/** Hides the review; the product's rating and count lose it. Already hidden, nothing changes. */
export const hideReviewEndpoint = moderationEndpoint('/api/admin/reviews/:reviewId/hide', reviewParams);
/** Shows the review again; the product's rating and count regain it. Already visible, nothing changes. */
export const unhideReviewEndpoint = moderationEndpoint('/api/admin/reviews/:reviewId/unhide', reviewParams);
/** Hides one photo of the review. Already hidden, nothing changes. */
export const hideReviewPhotoEndpoint = moderationEndpoint(
  '/api/admin/reviews/:reviewId/photos/:position/hide',
  photoParams,
);
/** Shows one photo of the review again. Already visible, nothing changes. */
export const unhideReviewPhotoEndpoint = moderationEndpoint(
  '/api/admin/reviews/:reviewId/photos/:position/unhide',
  photoParams,
);

export type AdminReview = z.infer<typeof adminReviewSchema>;
export type AdminReviewPhoto = z.infer<typeof adminReviewPhotoSchema>;
