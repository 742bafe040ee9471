import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn, type ShopperHooks } from '../platform/auth/face.ts';
import { route } from '../platform/http/endpoint-route.ts';
import { sendEncodedJson } from '../platform/http/encoded-json.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { MediaRow, MediaLibrary } from '../platform/media/face.ts';
import { reviewSchema } from '../../core/contracts/catalog.ts';
import { firstError } from '../../core/contracts/fields.ts';
import {
  REVIEW_FIELD_MAX_BYTES,
  REVIEW_MAX_FILE_BYTES,
  REVIEW_MAX_FILE_MEGABYTES,
  REVIEW_MESSAGES,
  addProductReviewEndpoint,
  deleteOwnReviewEndpoint,
  ownReviewEndpoint,
  productReviewsEndpoint,
} from '../../core/contracts/reviews.ts';
import { preparePhoto } from './photos.ts';
import type { ReviewService } from './service.ts';

interface ReviewRouteOptions {
  reviews: ReviewService;
  media: MediaLibrary;
  hooks: ShopperHooks;
  /** REVIEW_MAX_FILES. */
  maxFiles: number;
  /** Counts a write against the shopper's REVIEWS_PER_HOUR; throws a 429 past it (only for a form read whole). */
  limitWrites: (userId: string) => Promise<void>;
}

const tags = ['reviews'];
const security = [{ bearerAuth: [] }];
/** productId, userId and reviewData, and a few a client may add (ignored). */
const MAX_FIELDS = 10;
const NOT_MULTIPART = 'Send the review as multipart/form-data';

/** The form's parts as sent: reviewData's text (undefined when missing) and each file's bytes, read whole. */
interface ReviewForm {
  reviewData: string | undefined;
  files: Buffer[];
}

/** Each refusal of @fastify/multipart, as the 400 the shopper reads (its own are 406 and 413, in English codes). */
function formError(error: unknown, maxFiles: number): unknown {
  switch ((error as { code?: unknown }).code) {
    case 'FST_FILES_LIMIT':
      return new HttpError(400, REVIEW_MESSAGES.tooManyFiles(maxFiles));
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(400, REVIEW_MESSAGES.tooLarge(REVIEW_MAX_FILE_MEGABYTES));
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, 'The form has more parts than a review has');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(400, NOT_MULTIPART);
    default:
      // busboy's own errors carry no code: a body cut off before its closing boundary, or a header without one.
      if (error instanceof Error && /unexpected end of multipart data/i.test(error.message)) {
        return new HttpError(400, REVIEW_MESSAGES.truncated);
      }
      if (error instanceof Error && /boundary not found/i.test(error.message)) return new HttpError(400, NOT_MULTIPART);
      return error;
  }
}

/**
 * Reads the whole form before anything is checked or written: a file part named other than `files` is refused,
 * unknown fields are ignored, and past REVIEW_MAX_FILES files or 2 MB in one file the upload stops with a 400.
 */
async function readForm(request: FastifyRequest, maxFiles: number): Promise<ReviewForm> {
  const form: ReviewForm = { reviewData: undefined, files: [] };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files') throw new HttpError(400, 'Photos are sent as parts named files');
        if (form.files.length >= maxFiles) throw new HttpError(400, REVIEW_MESSAGES.tooManyFiles(maxFiles));
        form.files.push(await part.toBuffer());
      } else if (part.fieldname === 'reviewData') {
        if (part.valueTruncated) throw new HttpError(400, 'reviewData is too long');
        form.reviewData = typeof part.value === 'string' ? part.value : undefined;
      }
    }
  } catch (error) {
    throw formError(error, maxFiles);
  }
  return form;
}

/** reviewData's JSON, checked by the form's own rules: its first problem is the spec's message. */
function reviewInput(reviewData: string | undefined) {
  let data: unknown = {};
  if (reviewData !== undefined) {
    try {
      data = JSON.parse(reviewData);
    } catch {
      throw new HttpError(400, REVIEW_MESSAGES.badReviewData);
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new HttpError(400, REVIEW_MESSAGES.badReviewData);
    }
  }
  const result = reviewSchema.safeParse(data);
  if (!result.success) throw new HttpError(400, firstError(result) ?? REVIEW_MESSAGES.badReviewData);
  return result.data;
}

/** The reviews' routes: the list anyone reads, and the multipart write of a signed-in shopper (decision 0031). */
export const reviewRoutes: FastifyPluginAsyncZod<ReviewRouteOptions> = async (app, options) => {
  const { reviews, media, hooks, maxFiles, limitWrites } = options;
  // Multipart is parsed here only: no other route takes it.
  await app.register(multipart, {
    limits: {
      fileSize: REVIEW_MAX_FILE_BYTES,
      files: maxFiles,
      fields: MAX_FIELDS,
      fieldSize: REVIEW_FIELD_MAX_BYTES,
      parts: maxFiles + MAX_FIELDS,
      headerPairs: 100,
    },
  });

  route(app, productReviewsEndpoint, {
    schema: {
      tags,
      summary: "A product's visible reviews, with its rating histogram",
      description:
        'Newest first, or `sort=highest` (most stars, then newest). Review text is as written: render it as text.',
    },
    handler: async (request, reply) => {
      const answer = await reviews.listAnswer(request.params.id.toLowerCase(), request.query.sort);
      // Serialised once per change (its shape is the contract's, built by ReviewService.list): no typed serializer.
      return sendEncodedJson(request, reply as FastifyReply, answer);
    },
  });

  route(app, addProductReviewEndpoint, {
    onRequest: hooks.requireShopper,
    schema: {
      tags,
      summary: "Write the signed-in shopper's review of a product, or edit it",
      description:
        '`multipart/form-data`: `productId`, `userId`, `reviewData` (JSON of fullname, email, rating, title, review) ' +
        `and up to REVIEW_MAX_FILES (now ${maxFiles}) image parts named \`files\`, at most ` +
        `${REVIEW_MAX_FILE_MEGABYTES} MB each, checked by content and re-encoded as WebP without metadata. The author ` +
        'is the signed-in shopper whatever `userId` says; one review per shopper and product, written again to edit ' +
        "it (new photos replace the review's; none keeps them). 'Verified purchase' is set by the server only.",
      security,
    },
    handler: async (request, reply) => {
      const { userId } = signedIn(request);
      await reviews.requireVerified(userId);
      const form = await readForm(request, maxFiles);
      const input = reviewInput(form.reviewData);
      // Counted once the form has arrived whole and reads right (a dropped upload uses up no write), and before the
      // photos are decoded: a refused write costs the shop no image work.
      await limitWrites(userId);
      const productId = request.params.productId;
      let photos: MediaRow[] | null = null;
      if (form.files.length > 0) {
        photos = [];
        for (const [index, file] of form.files.entries()) {
          const webp = await preparePhoto(file);
          const alt = `Photo ${index + 1} of ${input.fullname}'s review: ${input.title}`;
          photos.push(await media.saveOriginal(webp, alt, 'review-photo'));
        }
      }
      const review = await reviews.write({ productId, userId, input, photos });
      return reply.code(201).send({ message: REVIEW_MESSAGES.submitted, review });
    },
  });

  route(app, ownReviewEndpoint, {
    onRequest: hooks.requireShopper,
    schema: {
      tags,
      summary: "The signed-in shopper's own review of a product, to fill the review form with",
      description: '`review` is null when they have not written one. Photos moderation hid are left out.',
      security,
    },
    handler: async (request) => ({
      review: await reviews.own(signedIn(request).userId, request.params.productId),
    }),
  });

  route(app, deleteOwnReviewEndpoint, {
    onRequest: hooks.requireShopper,
    schema: {
      tags,
      summary: "Delete the signed-in shopper's review of a product, with its photos",
      description: "The product's average and count change at once; its photos' URLs answer 404. 404 without one.",
      security,
    },
    handler: async (request) => {
      await reviews.deleteOwn(signedIn(request).userId, request.params.productId);
      return { message: REVIEW_MESSAGES.deleted };
    },
  });
};
