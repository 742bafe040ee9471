import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../platform/audit/actor.ts';
import { route } from '../platform/http/endpoint-route.ts';
import {
  adminReviewsEndpoint,
  hideReviewEndpoint,
  hideReviewPhotoEndpoint,
  unhideReviewEndpoint,
  unhideReviewPhotoEndpoint,
} from '../../core/contracts/admin-reviews.ts';
import type { ReviewModeration } from './moderation.ts';

interface ReviewAdminRouteOptions {
  moderation: ReviewModeration;
}

const tags = ['admin'];

/** The back office's review moderation (decision 0035); the admin guard lets only admins reach it. */
export const reviewAdminRoutes: FastifyPluginAsyncZod<ReviewAdminRouteOptions> = async (app, { moderation }) => {
  route(app, adminReviewsEndpoint, {
    schema: {
      tags,
      summary: 'Every review, hidden ones too, newest first, with its photos and author',
      description:
        '`status` visible, hidden or all; `productId`; `q` searches title, text, name and e-mail; `before` is the ' +
        "previous page's `next`.",
    },
    handler: async (request) => {
      actorOf(request);
      return moderation.list(request.query);
    },
  });

  for (const [endpoint, hidden] of [
    [hideReviewEndpoint, true],
    [unhideReviewEndpoint, false],
  ] as const) {
    route(app, endpoint, {
      schema: {
        tags,
        summary: hidden
          ? "Hide a review: it leaves the product's list and rating"
          : "Show a hidden review again: it rejoins the product's list and rating",
        description:
          'Audited as `review.hide` or `review.unhide`, with the optional reason. Done twice, nothing changes.',
      },
      handler: async (request) => {
        const reason = request.body?.reason;
        return moderation.setHidden(actorOf(request), { reviewId: request.params.reviewId, hidden, reason });
      },
    });
  }

  for (const [endpoint, hidden] of [
    [hideReviewPhotoEndpoint, true],
    [unhideReviewPhotoEndpoint, false],
  ] as const) {
    route(app, endpoint, {
      schema: {
        tags,
        summary: hidden ? "Hide one of a review's photos" : "Show a review's hidden photo again",
        description:
          'The photo is addressed by its `position` (from 0). Audited as `review_photo.hide` or ' +
          '`review_photo.unhide`. Done twice, nothing changes.',
      },
      handler: async (request) => {
        const { reviewId, position } = request.params;
        const reason = request.body?.reason;
        return moderation.setPhotoHidden(actorOf(request), { reviewId, position, hidden, reason });
      },
    });
  }
};
