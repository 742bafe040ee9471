import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { onCommit, type Database, type Db } from '../platform/db/client.ts';
import { runWorkflow, type Step, type Workflow } from '../platform/db/workflow.ts';
import { anyContains } from '../platform/db/search.ts';
import { newestFirstPage } from '../platform/db/paging.ts';
import type { AuditEntry, AuditTrail } from '../platform/audit/face.ts';
import type { AdminActor } from '../platform/audit/actor.ts';
import type { Catalogue } from '../platform/catalog/face.ts';
import { HttpError } from '../platform/http/errors.ts';
import { mediaUrl } from '../../core/media.ts';
import type { AdminReview, AdminReviewPhoto, ReviewStatus } from '../../core/contracts/admin-reviews.ts';
import { reviewPhotos, reviews } from './schema.ts';

export const REVIEW_NOT_FOUND = 'Review not found';
export const PHOTO_NOT_FOUND = 'This review has no photo at that position';

export interface ReviewModerationOptions {
  database: Database;
  catalog: Pick<Catalogue, 'getProduct' | 'lockProduct' | 'adjustRating' | 'publishChange'>;
  audit: AuditTrail;
  mediaBaseUrl: string;
  /** Once a change has committed: brings the review's photo files in line with what is shown (decision 0049). */
  settlePhotoFiles?: (reviewId: string) => Promise<void>;
}

export interface ReviewSearch {
  status: ReviewStatus;
  productId?: string;
  /** Looked for in the title, the text, the author's name and e-mail. */
  q?: string;
  /** The id of the previous page's last review. */
  before?: string;
  limit: number;
}

/** What an admin asks: hide or show a review, or one of its photos (`position`), and why. */
export interface ModerationRequest {
  reviewId: string;
  hidden: boolean;
  reason?: string | null;
}

/** One moderation on its way through its workflow: the steps fill in the product and what changed. */
class Moderating {
  productId = '';
  /** The stars of the review hidden or shown: what leaves or rejoins the product's total. */
  stars = 0;
  /** The audit entry of the change; undefined when there was nothing to change (hidden twice). */
  entry: AuditEntry | undefined;
  constructor(
    readonly actor: AdminActor,
    readonly request: ModerationRequest,
  ) {}
}

/** A photo's moderation: the review's, and the photo's position in it. */
class ModeratingPhoto extends Moderating {
  constructor(
    actor: AdminActor,
    request: ModerationRequest,
    readonly position: number,
  ) {
    super(actor, request);
  }
}

type ReviewRow = typeof reviews.$inferSelect;
type PhotoRow = typeof reviewPhotos.$inferSelect;

/**
 * Review moderation for the back office (decision 0035). A hidden review leaves the product's list and its rating
 * in the transaction that hides it, as a write changes them: the product is locked first, so hiding and writing
 * never miscount; a hidden photo leaves the list. Every process's lists follow through the catalogue's change
 * notice, and each change is audited in its own transaction. Hiding what is hidden changes and records nothing.
 */
export class ReviewModeration {
  private readonly reviewWorkflow: Workflow<Moderating>;
  private readonly photoWorkflow: Workflow<ModeratingPhoto>;

  constructor(private readonly options: ReviewModerationOptions) {
    const { catalog, audit } = options;
    const findReview: Step<Moderating> = {
      name: 'findReview',
      async run(tx, context) {
        const [row] = await tx
          .select({ productId: reviews.productId })
          .from(reviews)
          .where(eq(reviews.id, context.request.reviewId));
        if (!row) throw new HttpError(404, REVIEW_NOT_FOUND);
        context.productId = row.productId;
      },
    };
    const recordChange: Step<Moderating> = {
      name: 'recordChange',
      async run(tx, { actor, entry }) {
        if (entry) await audit.record(tx, actor, entry);
      },
    };
    this.reviewWorkflow = {
      name: 'moderateReview',
      steps: [
        findReview,
        {
          name: 'lockProduct',
          // Writes lock the product too: its count and total change one review at a time.
          run: (tx, { productId }) => catalog.lockProduct(tx, productId),
        },
        { name: 'setReviewHidden', run: setReviewHidden },
        {
          name: 'adjustRating',
          async run(tx, { productId, request, entry, stars }) {
            if (!entry) return;
            const sign = request.hidden ? -1 : 1;
            // Publishes the change to every process once committed.
            await catalog.adjustRating(tx, productId, { reviews: sign, stars: sign * stars });
          },
        },
        recordChange,
      ],
    };
    this.photoWorkflow = {
      name: 'moderateReviewPhoto',
      steps: [
        findReview,
        { name: 'setPhotoHidden', run: setPhotoHidden },
        {
          name: 'publishChange',
          async run(tx, { entry }) {
            if (entry) onCommit(tx, () => catalog.publishChange());
          },
        },
        recordChange,
      ],
    };
  }

  /** Reviews newest first, hidden ones too, with their photos and the author's e-mail; `next` pages on. */
  async list(search: ReviewSearch): Promise<{ reviews: AdminReview[]; next: string | null }> {
    const where: SQL[] = [];
    if (search.status !== 'all') where.push(eq(reviews.hidden, search.status === 'hidden'));
    if (search.productId) where.push(eq(reviews.productId, search.productId.toLowerCase()));
    if (search.q) where.push(anyContains([reviews.title, reviews.message, reviews.userName, reviews.email], search.q));
    const db = this.options.database.db;
    const { rows, next } = await newestFirstPage(
      db.select().from(reviews).$dynamic(),
      { table: reviews, time: reviews.createdAt, key: reviews.id },
      { where, before: search.before, limit: search.limit },
      (row) => row.id,
    );
    return { reviews: await this.present(db, rows), next };
  }

  /** Hides a review (`hidden`) or shows it again; the answer is the review as the back office lists it. */
  async setHidden(actor: AdminActor, request: ModerationRequest): Promise<AdminReview> {
    const { entry } = await runWorkflow(this.options.database, this.reviewWorkflow, new Moderating(actor, request));
    if (entry) await this.options.settlePhotoFiles?.(request.reviewId);
    return this.review(request.reviewId);
  }

  /** Hides one photo of a review, by its position, or shows it again. */
  async setPhotoHidden(actor: AdminActor, request: ModerationRequest & { position: number }): Promise<AdminReview> {
    const moderating = new ModeratingPhoto(actor, request, request.position);
    const { entry } = await runWorkflow(this.options.database, this.photoWorkflow, moderating);
    if (entry) await this.options.settlePhotoFiles?.(request.reviewId);
    return this.review(request.reviewId);
  }

  /** Read after the commit: the catalogue's titles may reload, and on PGlite a reload waits for the transaction. */
  private async review(reviewId: string): Promise<AdminReview> {
    const db = this.options.database.db;
    const rows = await db.select().from(reviews).where(eq(reviews.id, reviewId));
    const [review] = await this.present(db, rows);
    if (!review) throw new HttpError(404, REVIEW_NOT_FOUND);
    return review;
  }

  private async present(db: Db, rows: ReviewRow[]): Promise<AdminReview[]> {
    const { catalog, mediaBaseUrl } = this.options;
    const photos = new Map<string, AdminReviewPhoto[]>();
    if (rows.length > 0) {
      const photoRows = await db
        .select()
        .from(reviewPhotos)
        .where(
          inArray(
            reviewPhotos.reviewId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.position));
      for (const photo of photoRows) {
        const list = photos.get(photo.reviewId) ?? [];
        list.push(presentPhoto(photo, mediaBaseUrl));
        photos.set(photo.reviewId, list);
      }
    }
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        productId: row.productId,
        productTitle: (await catalog.getProduct(row.productId))?.title ?? null,
        userName: row.userName,
        email: row.email,
        rating: row.rating,
        title: row.title,
        message: row.message,
        verifiedPurchase: row.verifiedPurchase,
        hidden: row.hidden,
        photos: photos.get(row.id) ?? [],
        importedImages: row.images.map((key) => mediaUrl(mediaBaseUrl, key)),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      })),
    );
  }
}

const presentPhoto = (photo: PhotoRow, base: string): AdminReviewPhoto => ({
  position: photo.position,
  url: mediaUrl(base, photo.mediaKey),
  hidden: photo.hidden,
});

const reasonOf = (request: ModerationRequest) => request.reason || null;

/** Flips the review's flag only when it differs, so a second hide finds nothing to change. */
async function setReviewHidden(tx: Db, context: Moderating): Promise<void> {
  const { reviewId, hidden } = context.request;
  const [changed] = await tx
    .update(reviews)
    .set({ hidden })
    .where(and(eq(reviews.id, reviewId), eq(reviews.hidden, !hidden)))
    .returning({ rating: reviews.rating });
  if (!changed) return;
  context.stars = changed.rating;
  context.entry = {
    action: hidden ? 'review.hide' : 'review.unhide',
    targetType: 'review',
    targetId: reviewId,
    before: { hidden: !hidden },
    after: { hidden },
    reason: reasonOf(context.request),
  };
}

async function setPhotoHidden(tx: Db, context: ModeratingPhoto): Promise<void> {
  const { position } = context;
  const { reviewId, hidden } = context.request;
  const photo = and(eq(reviewPhotos.reviewId, reviewId), eq(reviewPhotos.position, position));
  const [changed] = await tx
    .update(reviewPhotos)
    .set({ hidden })
    .where(and(photo, eq(reviewPhotos.hidden, !hidden)))
    .returning({ mediaKey: reviewPhotos.mediaKey });
  if (!changed) {
    const [exists] = await tx.select({ position: reviewPhotos.position }).from(reviewPhotos).where(photo);
    if (!exists) throw new HttpError(404, PHOTO_NOT_FOUND);
    return;
  }
  context.entry = {
    action: hidden ? 'review_photo.hide' : 'review_photo.unhide',
    targetType: 'review_photo',
    targetId: `${reviewId}/${position}`,
    before: { hidden: !hidden, mediaKey: changed.mediaKey },
    after: { hidden, mediaKey: changed.mediaKey },
    reason: reasonOf(context.request),
  };
}
