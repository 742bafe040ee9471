import type { JobDeclaration } from '../platform/kernel/index.ts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { onCommit, type Database, type Db } from '../platform/db/client.ts';
import { runWorkflow, type Step, type Workflow } from '../platform/db/workflow.ts';
import type { Accounts } from '../platform/auth/face.ts';
import type { Catalogue } from '../platform/catalog/face.ts';
import type { OrderStatusChange, OrderBook } from '../platform/orders/face.ts';
import type { JobScheduler } from '../platform/work/jobs.ts';
import type { MailOutbox } from '../platform/mail/face.ts';
import type { MediaFace, MediaRow, MediaLibrary } from '../platform/media/face.ts';
import type { AuditTrail } from '../platform/audit/face.ts';
import { HttpError } from '../platform/http/errors.ts';
import { EncodedJson } from '../platform/http/encoded-json.ts';
import { MAX_STARS } from '../../core/constants.ts';
import { mediaUrl } from '../../core/media.ts';
import { averageRating } from '../../core/product.ts';
import type { ReviewInput } from '../../core/contracts/catalog.ts';
import {
  REVIEW_MESSAGES,
  REVIEWS_SHOWN_MAX,
  type OwnReview,
  type ReviewList,
  type ReviewListItem,
  type ReviewSort,
} from '../../core/contracts/reviews.ts';
import { reviewPhotos, reviewRequests, reviews } from './schema.ts';
import { reviewRequestMail } from './mails.ts';
import { ReviewModeration } from './moderation.ts';
import { ReviewPhotoAccess } from './photo-access.ts';

/** The job that mails a delivered order's review request (key: the order's row id). */
export const REVIEW_REQUEST_JOB = 'review-request';
export const PRODUCT_NOT_FOUND = 'Product not found';
/** Products whose lists are kept in memory at most; past it the cache starts again. */
const CACHED_LISTS = 2000;

export interface ReviewServiceOptions {
  database: Database;
  catalog: Catalogue;
  orders: Pick<OrderBook, 'hasDelivered' | 'deliveredOrder'>;
  auth: Pick<Accounts, 'buyer'>;
  media: MediaLibrary;
  /** Makes new photos' variants once their review is saved, so the shopper does not wait for them (decision 0039). */
  variants: MediaFace['mediaVariants'];
  jobs: JobScheduler;
  outbox: MailOutbox;
  /** Where the back office's moderation is recorded. */
  audit: AuditTrail;
  mediaBaseUrl: string;
  origin: string;
  shopName: string;
  /** REVIEW_REQUEST_DAYS, in seconds. */
  requestDelaySeconds: number;
}

/** What a shopper writes, checked: the photos are sanitised WebP files already in storage, or null to keep them. */
export interface ReviewWrite {
  productId: string;
  userId: string;
  input: ReviewInput;
  photos: MediaRow[] | null;
}

/** One review being written or edited, as the workflow's steps fill it. */
class WritingReview {
  verified = false;
  /** The photos an edit replaced: their files go once nothing shows them. */
  replacedKeys: string[] = [];
  previous: { id: string; rating: number; verifiedPurchase: boolean; hidden: boolean } | undefined;
  reviewId = '';
  review!: ReviewListItem;
  constructor(readonly write: ReviewWrite) {}
}

type ReviewRow = typeof reviews.$inferSelect;

/**
 * Reviews (decision 0031): the list a product page shows, kept in memory per product and dropped whenever the
 * catalogue changes in any process (a review's write publishes that change); one review per shopper and product,
 * written with the product's rating in one workflow; the verified-purchase flag and the review request mail, both
 * driven by the orders module's delivery.
 */
export class ReviewService {
  private readonly lists = new Map<string, Promise<ReviewListItem[]>>();
  /** Each list's answer, serialised once per change and sort: a product's list may hold a thousand reviews. */
  private readonly answers = new Map<string, Promise<EncodedJson>>();
  private readonly writeWorkflow: Workflow<WritingReview>;
  /** The back office's: every review, hiding and showing reviews and photos (decision 0035). */
  readonly moderation: ReviewModeration;
  /** Which photos the media route serves, and how long they may be kept (decision 0049). */
  private readonly photoAccess: ReviewPhotoAccess;

  constructor(private readonly options: ReviewServiceOptions) {
    const { catalog } = options;
    this.moderation = new ReviewModeration({ ...options, settlePhotoFiles: (id) => this.settlePhotoFiles(id) });
    this.photoAccess = new ReviewPhotoAccess(options.database.db, catalog);
    this.writeWorkflow = {
      name: 'writeReview',
      steps: [
        {
          name: 'lockProduct',
          async run(tx, { write }) {
            // One review write of a product at a time: the count and total below add up.
            if (!(await catalog.lockProduct(tx, write.productId))) throw new HttpError(404, PRODUCT_NOT_FOUND);
          },
        },
        {
          name: 'checkPurchase',
          async run(tx, context) {
            const { userId, productId } = context.write;
            context.verified = await options.orders.hasDelivered(userId, productId, tx);
          },
        },
        { name: 'saveReview', run: (tx, context) => this.saveReview(tx, context) },
        { name: 'savePhotos', run: (tx, context) => this.savePhotos(tx, context) },
        {
          name: 'adjustRating',
          async run(tx, { write, previous }) {
            const change = previous
              ? { reviews: 0, stars: previous.hidden ? 0 : write.input.rating - previous.rating }
              : { reviews: 1, stars: write.input.rating };
            await catalog.adjustRating(tx, write.productId, change);
            // An edit at the same rating (new text or photos) changes no figure but the list: publish it all the same.
            if (change.reviews === 0 && change.stars === 0) onCommit(tx, () => catalog.publishChange());
          },
        },
        {
          name: 'loadReview',
          run: async (tx, context) => {
            const [row] = await tx.select().from(reviews).where(eq(reviews.id, context.reviewId));
            const photos = await this.photoKeys(tx, [context.reviewId]);
            context.review = this.present(row!, photos.get(context.reviewId) ?? []);
          },
        },
      ],
      afterCommit: [
        {
          name: 'makePhotoVariants',
          run({ write }) {
            const photos = (write.photos ?? []).map(({ key }) => ({ key, use: 'review-photo' as const }));
            if (photos.length > 0) void options.variants.make(photos);
          },
        },
      ],
    };
  }

  /** Reads the catalogue's reviews through this module, and hears of deliveries. */
  register(): void {
    const { catalog } = this.options;
    catalog.onInvalidate(() => {
      this.lists.clear();
      this.answers.clear();
      this.photoAccess.forget();
    });
    this.options.media.decideAccessWith(this.photoAccess.of);
    catalog.readReviewsWith((productId) => this.visible(productId));
  }

  /** Its job: the mail asking a delivered order's shopper for a review. */
  jobs(): JobDeclaration[] {
    const run = async ({ key }: { key: string }) => {
      await this.mailRequest(key);
      return { done: true as const };
    };
    return [{ kind: REVIEW_REQUEST_JOB, run }];
  }

  /** A product's visible reviews in the asked order, with the summary above the list; 404 for an unknown product. */
  async list(productId: string, sort: ReviewSort = 'newest'): Promise<ReviewList> {
    const product = await this.options.catalog.getProduct(productId);
    if (!product) throw new HttpError(404, PRODUCT_NOT_FOUND);
    const newest = await this.visible(productId);
    const histogram = Array.from({ length: MAX_STARS }, (_, index) => ({ stars: MAX_STARS - index, count: 0 }));
    let total = 0;
    for (const review of newest) {
      histogram[MAX_STARS - review.rating]!.count++;
      total += review.rating;
    }
    const sorted = sort === 'highest' ? [...newest].sort((a, b) => b.rating - a.rating || byNewest(a, b)) : newest;
    // The rating and count are over every visible review; the list stops at its documented bound.
    const reviews = sorted.slice(0, REVIEWS_SHOWN_MAX);
    return { reviews, rating: averageRating(total, newest.length), numReviews: newest.length, histogram };
  }

  /** `list`'s answer, serialised (and compressed, as asked) once until the catalogue next changes; 404 for an unknown product. */
  listAnswer(productId: string, sort: ReviewSort = 'newest'): Promise<EncodedJson> {
    const key = `${sort}:${productId}`;
    let cached = this.answers.get(key);
    if (!cached) {
      if (this.answers.size >= CACHED_LISTS) this.answers.clear();
      cached = this.list(productId, sort).then((answer) => new EncodedJson(JSON.stringify(answer)));
      cached.catch(() => this.answers.delete(key));
      this.answers.set(key, cached);
    }
    return cached;
  }

  /** The media keys of every review's photos, imported or sent, hidden ones too (moderation may show them again). */
  async allPhotoKeys(): Promise<string[]> {
    const db = this.options.database.db;
    const sent = await db.select({ key: reviewPhotos.mediaKey }).from(reviewPhotos);
    const imported = await db
      .select({ images: reviews.images })
      .from(reviews)
      .where(sql`jsonb_array_length(${reviews.images}) > 0`);
    return [...new Set([...sent.map((row) => row.key), ...imported.flatMap((row) => row.images)])];
  }

  /** Writes the shopper's review of the product, or edits theirs; the answer is the review as the list shows it. */
  async write(write: ReviewWrite): Promise<ReviewListItem> {
    const { review, replacedKeys } = await runWorkflow(
      this.options.database,
      this.writeWorkflow,
      new WritingReview(write),
    );
    await this.deleteUnusedPhotos(replacedKeys);
    return review;
  }

  /** Only a shopper whose e-mail is verified writes reviews (decision 0049): a 403 with the reason otherwise. */
  async requireVerified(userId: string): Promise<void> {
    const buyer = await this.options.auth.buyer(userId);
    if (!buyer?.verified) throw new HttpError(403, REVIEW_MESSAGES.unverified);
  }

  /** The shopper's review of the product as their form shows it (visible photos only), or null. */
  async own(userId: string, productId: string): Promise<OwnReview | null> {
    const db = this.options.database.db;
    const [row] = await db
      .select()
      .from(reviews)
      .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
    if (!row) return null;
    const photos = await this.photoKeys(db, [row.id]);
    return { ...this.present(row, photos.get(row.id) ?? []), email: row.email ?? '' };
  }

  /**
   * Deletes the shopper's review of the product with its photos, taking it out of the product's count and total
   * (unless moderation had already); 404 when there is none. Its photos' files go once nothing else shows them.
   */
  async deleteOwn(userId: string, productId: string): Promise<void> {
    const { catalog, database } = this.options;
    const keys = await database.transaction(async (tx) => {
      await catalog.lockProduct(tx, productId);
      const [row] = await tx
        .select({ id: reviews.id, rating: reviews.rating, hidden: reviews.hidden, images: reviews.images })
        .from(reviews)
        .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
      if (!row) throw new HttpError(404, REVIEW_MESSAGES.noOwnReview);
      const photos = await tx
        .select({ key: reviewPhotos.mediaKey })
        .from(reviewPhotos)
        .where(eq(reviewPhotos.reviewId, row.id));
      await tx.delete(reviews).where(eq(reviews.id, row.id)); // its photo rows go with it (on delete cascade)
      if (row.hidden) onCommit(tx, () => catalog.publishChange());
      else await catalog.adjustRating(tx, productId, { reviews: -1, stars: -row.rating });
      return [...row.images, ...photos.map((photo) => photo.key)];
    });
    await this.deleteUnusedPhotos(keys);
  }

  /** After moderation: the review's photos the media route now refuses leave a public bucket too, and come back. */
  private async settlePhotoFiles(reviewId: string): Promise<void> {
    const db = this.options.database.db;
    const [row] = await db.select({ images: reviews.images }).from(reviews).where(eq(reviews.id, reviewId));
    const sent = await db
      .select({ key: reviewPhotos.mediaKey })
      .from(reviewPhotos)
      .where(eq(reviewPhotos.reviewId, reviewId));
    for (const key of new Set([...(row?.images ?? []), ...sent.map((photo) => photo.key)])) {
      const media = this.options.media;
      await ((await this.photoAccess.of(key)) === 'withheld' ? media.withhold(key) : media.release(key));
    }
  }

  /**
   * Removes the files of photos no review and no catalogue image shows any more (a deleted review's, an edit's
   * replaced ones), so their URLs answer 404; a photo the same bytes of which another review shows stays.
   */
  private async deleteUnusedPhotos(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const db = this.options.database.db;
    const stillSent = await db
      .select({ key: reviewPhotos.mediaKey })
      .from(reviewPhotos)
      .where(inArray(reviewPhotos.mediaKey, [...keys]));
    const stillImported = await db
      .select({ images: reviews.images })
      .from(reviews)
      .where(
        sql`${reviews.images} ?| array[${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )}]`,
      );
    const used = new Set([
      ...stillSent.map((row) => row.key),
      ...stillImported.flatMap((row) => row.images),
      ...(await this.options.catalog.imageKeys()),
    ]);
    for (const key of new Set(keys)) if (!used.has(key)) await this.options.media.deleteFiles(key);
  }

  /** A product's visible reviews, newest first, from memory when this process has read them since the last change. */
  private visible(productId: string): Promise<ReviewListItem[]> {
    let cached = this.lists.get(productId);
    if (!cached) {
      if (this.lists.size >= CACHED_LISTS) this.lists.clear();
      cached = this.load(productId);
      cached.catch(() => this.lists.delete(productId));
      this.lists.set(productId, cached);
    }
    return cached;
  }

  private async load(productId: string): Promise<ReviewListItem[]> {
    const db = this.options.database.db;
    const rows = await db
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.hidden, false)))
      .orderBy(desc(reviews.createdAt), desc(reviews.id));
    // The product's visible photos in one query, by the product rather than a list of a thousand review ids.
    const photoRows = await db
      .select({ reviewId: reviewPhotos.reviewId, mediaKey: reviewPhotos.mediaKey })
      .from(reviewPhotos)
      .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
      .where(and(eq(reviews.productId, productId), eq(reviewPhotos.hidden, false)))
      .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.position));
    const photos = groupKeys(photoRows);
    return rows.map((row) => this.present(row, photos.get(row.id) ?? []));
  }

  /** The visible photos' media keys of these reviews, in their order. */
  private async photoKeys(db: Db, reviewIds: string[]): Promise<Map<string, string[]>> {
    if (reviewIds.length === 0) return new Map();
    const rows = await db
      .select({ reviewId: reviewPhotos.reviewId, mediaKey: reviewPhotos.mediaKey })
      .from(reviewPhotos)
      .where(and(inArray(reviewPhotos.reviewId, reviewIds), eq(reviewPhotos.hidden, false)))
      .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.position));
    return groupKeys(rows);
  }

  private present(row: ReviewRow, photoKeys: string[]): ReviewListItem {
    return {
      _id: row.id,
      title: row.title,
      userName: row.userName,
      rating: row.rating,
      message: row.message,
      images: [...row.images, ...photoKeys].map((key) => mediaUrl(this.options.mediaBaseUrl, key)),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      verifiedPurchase: row.verifiedPurchase,
    };
  }

  /**
   * Inserts the review, or edits the shopper's one: its verified flag is only ever turned on, by the server, and an
   * edit leaves moderation's `hidden` as it is (a hidden review stays hidden, decision 0035).
   */
  private async saveReview(tx: Db, context: WritingReview): Promise<void> {
    const { productId, userId, input } = context.write;
    const fields = {
      userName: input.fullname,
      email: input.email,
      title: input.title,
      rating: input.rating,
      message: input.review,
    };
    const [previous] = await tx
      .select({
        id: reviews.id,
        rating: reviews.rating,
        verifiedPurchase: reviews.verifiedPurchase,
        hidden: reviews.hidden,
      })
      .from(reviews)
      .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
    context.previous = previous;
    if (previous) {
      await tx
        .update(reviews)
        .set({ ...fields, verifiedPurchase: previous.verifiedPurchase || context.verified, updatedAt: sql`now()` })
        .where(eq(reviews.id, previous.id));
      context.reviewId = previous.id;
      return;
    }
    const [inserted] = await tx
      .insert(reviews)
      .values({ ...fields, productId, userId, verifiedPurchase: context.verified })
      .returning({ id: reviews.id });
    context.reviewId = inserted!.id;
  }

  /**
   * New photos replace the review's; a write without photos keeps those it has. A photo moderation hid stays hidden
   * when sent again (its key is its content's).
   */
  private async savePhotos(tx: Db, context: WritingReview): Promise<void> {
    const { write, reviewId } = context;
    if (write.photos === null) return;
    await this.options.media.record(write.photos, tx);
    const removed = await tx
      .delete(reviewPhotos)
      .where(eq(reviewPhotos.reviewId, reviewId))
      .returning({ mediaKey: reviewPhotos.mediaKey, hidden: reviewPhotos.hidden });
    context.replacedKeys = removed.map((photo) => photo.mediaKey);
    if (write.photos.length === 0) return;
    const hiddenKeys = new Set(removed.filter((photo) => photo.hidden).map((photo) => photo.mediaKey));
    await tx.insert(reviewPhotos).values(
      write.photos.map((photo, position) => ({
        reviewId,
        position,
        mediaKey: photo.key,
        hidden: hiddenKeys.has(photo.key),
      })),
    );
  }

  /**
   * A step of the orders module's delivering workflow: the shopper's reviews of these products become verified
   * purchases, and the review request mail is scheduled, once per order (the job's key is the order).
   */
  readonly deliveredStep: Step<OrderStatusChange> = {
    name: 'reviewsOnDelivery',
    run: async (tx, { record: { order, items } }) => {
      const productIds = [...new Set(items.flatMap((item) => (item.productId ? [item.productId] : [])))];
      if (productIds.length > 0) {
        const verified = await tx
          .update(reviews)
          .set({ verifiedPurchase: true })
          .where(
            and(
              eq(reviews.userId, order.userId),
              inArray(reviews.productId, productIds),
              eq(reviews.verifiedPurchase, false),
            ),
          )
          .returning({ id: reviews.id });
        if (verified.length > 0) onCommit(tx, () => this.options.catalog.publishChange());
      }
      const inSeconds = this.options.requestDelaySeconds;
      await this.options.jobs.schedule({ kind: REVIEW_REQUEST_JOB, key: order.id, inSeconds }, tx);
    },
  };

  /**
   * Mails the request for a delivered order: a link to the review form of each of its products the shopper has not
   * reviewed yet. A row per order says it is done, so a rerun mails nobody twice.
   */
  private async mailRequest(orderRowId: string): Promise<void> {
    const { orders, catalog, auth, database, outbox, origin, shopName } = this.options;
    const order = await orders.deliveredOrder(orderRowId);
    if (!order) return; // gone, or no longer delivered
    // Read before the transaction: on PGlite the catalogue's reload would wait for its connection.
    const buyer = await auth.buyer(order.userId);
    const reviewed = new Set(
      (
        await database.db.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.userId, order.userId))
      ).map((row) => row.productId),
    );
    const products = [];
    for (const item of order.items) {
      if (reviewed.has(item.productId)) continue;
      const product = await catalog.getProduct(item.productId);
      if (!product) continue; // gone from the shop
      products.push({ title: product.title, reviewLink: `${origin}/product/${product.slug}?review=1#reviews` });
    }
    if (products.length === 0) return;
    const mail = reviewRequestMail({ shopName, fullName: buyer?.fullName ?? '', orderId: order.orderId, products });
    await database.transaction(async (tx) => {
      const [first] = await tx
        .insert(reviewRequests)
        .values({ orderId: order.id })
        .onConflictDoNothing()
        .returning({ orderId: reviewRequests.orderId });
      if (first) await outbox.enqueue({ to: order.email, ...mail }, tx);
    });
  }
}

/** Media keys by review, in the rows' order. */
function groupKeys(rows: { reviewId: string; mediaKey: string }[]): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const { reviewId, mediaKey } of rows) {
    const list = keys.get(reviewId);
    if (list) list.push(mediaKey);
    else keys.set(reviewId, [mediaKey]);
  }
  return keys;
}

const byNewest = (a: ReviewListItem, b: ReviewListItem) =>
  b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id);
