/**
 * The reviews' contract (spec sections 2-8, issue 21): a product's reviews with their rating summary, and the
 * review a signed-in shopper writes, with up to REVIEW_MAX_FILES photos, as `multipart/form-data`.
 */
import { z } from './zod.ts';
import { MAX_STARS } from '../constants.ts';
import { productReviewSchema, type ReviewInput } from './catalog.ts';
import {
  ANY_TEXT,
  MAX,
  MESSAGE_MAX,
  messageSchema,
  notModifiedAnswer,
  productIdSchema,
  shownList,
  shownText,
  shownTime,
} from './fields.ts';
import { endpoint } from './endpoint.ts';
import { ACCEPTED_IMAGE_TYPES } from '../media.ts';

/** The spec's texts (sections 5 and 8). */
export const REVIEW_MESSAGES = {
  submitted: 'Review submitted successfully!',
  failed: 'Failed to submit review. Please try again.',
  signIn: 'Signin to write a review',
  /** The server's answers to a bad photo. */
  notImage: 'Only image files can be attached (JPEG, PNG, WebP, GIF or AVIF)',
  tooLarge: (megabytes: number) => `Each photo must be at most ${megabytes} MB`,
  tooManyFiles: (count: number) => `At most ${count} ${count === 1 ? 'photo' : 'photos'} can be attached`,
  tooManyPixels: 'This photo is too large to process',
  badReviewData: 'reviewData must be a JSON object of fullname, email, rating, title and review',
  /** A shopper who has not followed the verification mail yet (decision 0049). */
  unverified: 'Please verify your e-mail address before writing a review.',
  /** A multipart body that ends before its closing boundary (a dropped upload). */
  truncated: 'The review did not arrive whole. Please try again.',
  deleted: 'Your review was deleted',
  noOwnReview: 'You have not reviewed this product',
} as const;

/** The default of REVIEW_MAX_FILES (the spec keeps 2 files while its label says 1) and the per-photo limit. */
export const REVIEW_MAX_FILES_DEFAULT = 2;
export const REVIEW_MAX_FILE_MEGABYTES = 2;
export const REVIEW_MAX_FILE_BYTES = REVIEW_MAX_FILE_MEGABYTES * 1024 * 1024;
/** The most REVIEW_MAX_FILES may be set to. */
export const REVIEW_MAX_FILES_CEILING = 10;
/** Each text part of the form, in bytes: room for a review of MAX.text characters of 4 UTF-8 bytes each. */
export const REVIEW_FIELD_MAX_BYTES = 64 * 1024;
/** What the file input accepts; the server checks the content, whatever the name or declared type. */
export const REVIEW_ACCEPTED_TYPES = ACCEPTED_IMAGE_TYPES;

/**
 * A review as the list shows it: the catalogue's review (title, userName, rating, message byte for byte as written,
 * images as URLs of the media server's WebP variants, e.g. /media/<key>/960.webp: `responsiveSources` gives their
 * smaller sizes for thumbnails) plus whether the author received the product.
 */
export const reviewListItemSchema = productReviewSchema.extend({
  /** Set by the server alone: the author has a delivered order of this product. */
  verifiedPurchase: z.boolean(),
  /** When the author last edited it; equal to createdAt when never edited. */
  updatedAt: shownTime(),
});

/** The most reviews the list answers with (the newest, or the highest rated): far more than a product gets. */
export const REVIEWS_SHOWN_MAX = 10_000;

export const REVIEW_SORTS = ['newest', 'highest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** How many visible reviews gave each number of stars, from MAX_STARS down to 1 (always five entries). */
const histogramSchema = shownList(
  z.object({ stars: z.number().int().min(1).max(MAX_STARS), count: z.number().int().min(0) }),
  MAX_STARS,
);

const productParams = z.object({ id: z.uuid('Invalid product id') });

/**
 * A product's visible reviews (hidden ones are left out), newest first unless `sort=highest` (most stars first,
 * then newest), with the summary the list shows above it: the same average and count as the product's.
 */
export const productReviewsEndpoint = endpoint({
  method: 'GET',
  path: '/api/product/:id/get-reviews',
  params: productParams,
  querystring: z.object({
    sort: z.enum(REVIEW_SORTS, { error: 'sort must be newest or highest' }).default('newest'),
  }),
  responses: {
    200: z.object({
      reviews: shownList(reviewListItemSchema, REVIEWS_SHOWN_MAX),
      /** The average rating, as the product's `rating`. */
      rating: z.number(),
      /** The number of visible reviews, as the product's `numReviews`. */
      numReviews: z.number().int(),
      histogram: histogramSchema,
    }),
    304: notModifiedAnswer,
    400: messageSchema,
    404: messageSchema,
  },
});

/**
 * The form's parts as the API documents them. On the wire this is `multipart/form-data` (build it with
 * `reviewFormData`); the server reads the parts itself, so Fastify does not validate this schema.
 */
const formField = z.string().max(REVIEW_FIELD_MAX_BYTES).regex(ANY_TEXT);
const reviewFormSchema = z.object({
  productId: formField.optional().describe("The product's id; the path's id is the one used"),
  userId: formField.optional().describe('Ignored: the author is the signed-in shopper, whatever this says'),
  reviewData: formField.describe('A JSON string of {fullname, email, rating, title, review}'),
  files: z
    .array(z.string().max(REVIEW_MAX_FILE_BYTES).meta({ format: 'binary' }))
    .max(REVIEW_MAX_FILES_CEILING)
    .optional()
    .describe(
      `Zero to REVIEW_MAX_FILES (default ${REVIEW_MAX_FILES_DEFAULT}) images, each at most ${REVIEW_MAX_FILE_MEGABYTES} MB`,
    ),
});

/**
 * Writes the signed-in shopper's review of a product, or edits it: one review per shopper and product. It
 * publishes at once; the product's average and count change with it. 401 without sign-in.
 */
export const addProductReviewEndpoint = endpoint({
  method: 'POST',
  path: '/api/product/:productId/add-product-reviews',
  params: z.object({ productId: productIdSchema }),
  /** The browser sends a FormData (see reviewFormData); the documented parts are reviewFormSchema's. */
  body: reviewFormSchema as unknown as z.ZodType<z.output<typeof reviewFormSchema>, FormData>,
  consumes: 'multipart/form-data',
  responses: {
    /** The review as the list shows it; `message` is 'Review submitted successfully!'. */
    201: z.object({ message: shownText(MESSAGE_MAX), review: reviewListItemSchema }),
    400: messageSchema,
    401: messageSchema,
    /** The shopper's e-mail address is not verified yet. */
    403: messageSchema,
    404: messageSchema,
    429: messageSchema,
  },
});

/** The signed-in shopper's own review as the form shows it: the list's fields and the address they gave. */
export const ownReviewSchema = reviewListItemSchema.extend({ email: shownText(MAX.email) });

const ownReviewPath = '/api/product/:productId/my-review';

/** The signed-in shopper's review of a product, to fill the form with (null when they have not written one). */
export const ownReviewEndpoint = endpoint({
  method: 'GET',
  path: ownReviewPath,
  params: z.object({ productId: productIdSchema }),
  responses: {
    200: z.object({ review: ownReviewSchema.nullable() }),
    400: messageSchema,
    401: messageSchema,
  },
});

/**
 * Deletes the signed-in shopper's review of a product, with its photos; the product's average and count change
 * with it. 404 when they have none.
 */
export const deleteOwnReviewEndpoint = endpoint({
  method: 'DELETE',
  path: ownReviewPath,
  params: z.object({ productId: productIdSchema }),
  responses: {
    /** `message` is 'Your review was deleted'. */
    200: messageSchema,
    400: messageSchema,
    401: messageSchema,
    404: messageSchema,
  },
});

/** The request body the spec's client sends: productId, userId, reviewData as JSON, and each file as `files`. */
export function reviewFormData(input: {
  productId: string;
  userId: string;
  reviewData: ReviewInput;
  files?: readonly Blob[];
}): FormData {
  const form = new FormData();
  form.append('productId', input.productId);
  form.append('userId', input.userId);
  form.append('reviewData', JSON.stringify(input.reviewData));
  for (const file of input.files ?? []) form.append('files', file);
  return form;
}

export type ReviewListItem = z.infer<typeof reviewListItemSchema>;
export type OwnReview = z.infer<typeof ownReviewSchema>;
export type ReviewList = z.infer<(typeof productReviewsEndpoint.responses)[200]>;
