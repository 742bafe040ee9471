import { z } from 'zod';
import { contribute, defineModule } from '../platform/kernel/index.ts';
import { RateLimiter } from '../platform/http/rate-limit.ts';
import { databaseFace, rateLimitsFace, shopFace } from '../platform/faces.ts';
import { auditFace } from '../platform/audit/face.ts';
import { authFace } from '../platform/auth/face.ts';
import { catalogFace } from '../platform/catalog/face.ts';
import { jobsFace } from '../platform/work/jobs.ts';
import { mailFace } from '../platform/mail/face.ts';
import { imagesInUse, mediaFace } from '../platform/media/face.ts';
import { deliverOrderSteps, ordersFace } from '../platform/orders/face.ts';
import { REVIEW_MAX_FILES_CEILING, REVIEW_MAX_FILES_DEFAULT } from '../../core/contracts/reviews.ts';
import { ReviewService } from './service.ts';
import { reviewWriteLimit } from './limits.ts';
import { reviewRoutes } from './routes.ts';
import { reviewAdminRoutes } from './admin-routes.ts';

export interface Reviews {
  reviews: ReviewService;
  /** REVIEWS_PER_HOUR, per shopper. */
  limitReviewWrites: (userId: string) => Promise<void>;
  /** REVIEW_MAX_FILES. */
  reviewMaxFiles: number;
}

export const reviewsModule = defineModule({
  name: 'reviews',
  settings: z.object({
    /** A delivered order's shopper is asked to review what they bought this many days after delivery (0: at once). */
    REVIEW_REQUEST_DAYS: z.coerce.number().min(0).max(365).default(7),
    /** Photos one review keeps (the spec keeps 2 while its label says 1); more are refused with a 400. */
    REVIEW_MAX_FILES: z.coerce.number().int().min(0).max(REVIEW_MAX_FILES_CEILING).default(REVIEW_MAX_FILES_DEFAULT),
    /**
     * Reviews one shopper may write or edit per hour: ample for a shopper rewording one, too few for a script to
     * fill the shop's storage with photos (each write re-encodes up to REVIEW_MAX_FILES images).
     */
    REVIEWS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  }),
  needs: {
    database: databaseFace,
    shop: shopFace,
    rateLimits: rateLimitsFace,
    audit: auditFace,
    auth: authFace,
    catalog: catalogFace,
    jobs: jobsFace,
    mail: mailFace,
    media: mediaFace,
    orders: ordersFace,
  },
  create: ({ settings, needs }): Reviews => {
    const reviews = new ReviewService({
      database: needs.database,
      catalog: needs.catalog.catalog,
      orders: needs.orders.orders,
      auth: needs.auth.auth,
      media: needs.media.media,
      variants: needs.media.mediaVariants,
      jobs: needs.jobs.jobs,
      outbox: needs.mail.outbox,
      audit: needs.audit.audit,
      mediaBaseUrl: needs.shop.mediaBaseUrl,
      origin: needs.shop.origin,
      shopName: needs.shop.name,
      requestDelaySeconds: Math.round(settings.REVIEW_REQUEST_DAYS * 24 * 60 * 60),
    });
    reviews.register();
    return {
      reviews,
      limitReviewWrites: reviewWriteLimit(new RateLimiter(needs.rateLimits), settings.REVIEWS_PER_HOUR),
      reviewMaxFiles: settings.REVIEW_MAX_FILES,
    };
  },
  routes: async (app, own, { auth, media }) => {
    await app.register(reviewRoutes, {
      reviews: own.reviews,
      media: media.media,
      hooks: auth.hooks,
      maxFiles: own.reviewMaxFiles,
      limitWrites: own.limitReviewWrites,
    });
  },
  adminRoutes: async (scope, { reviews }) => {
    await scope.register(reviewAdminRoutes, { moderation: reviews.moderation });
  },
  jobs: ({ reviews }) => reviews.jobs(),
  contributes: [
    contribute(deliverOrderSteps, ({ reviews }: Reviews) => reviews.deliveredStep),
    contribute(
      imagesInUse,
      ({ reviews }: Reviews) =>
        async () =>
          (await reviews.allPhotoKeys()).map((key) => ({ key, use: 'review-photo' as const })),
    ),
  ],
});
