import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { Catalogue } from '../platform/catalog/face.ts';
import type { ImageAccess } from '../platform/media/face.ts';
import { reviewPhotos, reviews } from './schema.ts';

type PhotoAccess = Extract<ImageAccess, 'review-photo' | 'withheld'>;

/**
 * Which media keys are review photos, and which of them moderation has hidden (decision 0049): the media route asks
 * before it serves an image. Kept in memory and read again after any change to the catalogue or its reviews in any
 * process (the catalogue's change notice), so a hide or an unhide holds at once. A key that a visible review or a
 * catalogue image still shows (the same bytes sent twice) stays served.
 */
export class ReviewPhotoAccess {
  private index: Promise<Map<string, PhotoAccess>> | null = null;

  constructor(
    private readonly db: Db,
    private readonly catalog: Pick<Catalogue, 'imageKeys'>,
  ) {}

  /** The reviews module's rule for the media route: undefined for a key no review has. */
  readonly of = async (key: string): Promise<PhotoAccess | undefined> => (await this.current()).get(key);

  forget(): void {
    this.index = null;
  }

  private current(): Promise<Map<string, PhotoAccess>> {
    if (!this.index) {
      const loading = this.load();
      loading.catch(() => {
        if (this.index === loading) this.index = null;
      });
      this.index = loading;
    }
    return this.index;
  }

  private async load(): Promise<Map<string, PhotoAccess>> {
    const sent = await this.db
      .select({ key: reviewPhotos.mediaKey, shown: sql<boolean>`not (${reviewPhotos.hidden} or ${reviews.hidden})` })
      .from(reviewPhotos)
      .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId));
    const imported = await this.db
      .select({ images: reviews.images, hidden: reviews.hidden })
      .from(reviews)
      .where(sql`jsonb_array_length(${reviews.images}) > 0`);
    const photos = [...sent, ...imported.flatMap((row) => row.images.map((key) => ({ key, shown: !row.hidden })))];
    const index = new Map<string, PhotoAccess>();
    for (const { key, shown } of photos) {
      if (shown) index.set(key, 'review-photo');
      else if (!index.has(key)) index.set(key, 'withheld');
    }
    for (const key of await this.catalog.imageKeys()) index.delete(key);
    return index;
  }
}
