import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../platform/db/client.ts';
import type { FileStorage } from '../platform/storage/storage.ts';
import { media } from './schema.ts';
import type { ImageAccess, ImageAccessRule, MediaLibrary, MediaRow } from '../platform/media/face.ts';
import { eq } from 'drizzle-orm';
import { MEDIA_FORMATS, MEDIA_WIDTHS, linkedVariants, type ImageUse, type MediaFormat } from '../../core/media.ts';

// libvips keeps the last 100 operations' images (up to 50 MB and more) for a reuse that never comes here: each
// variant is rendered once, from its own rasterisation of the original (decision 0069).
sharp.cache(false);

/**
 * A vector original (the demo's SVG art) is rasterised at twice the variant's width, then resized down: sharp at a
 * fixed 144 dpi drew a 1200-pixel drawing 2400 pixels wide even for a 160-pixel variant (decision 0069).
 */
const OVERSAMPLING = 2;
const MAX_DENSITY = 144;
const densityFor = (width: number, drawnWidth: number | undefined) =>
  drawnWidth ? Math.min(MAX_DENSITY, Math.ceil((72 * OVERSAMPLING * width) / drawnWidth)) : MAX_DENSITY;

/** Who waits for a render: a request (a visitor, an admin's upload), or nobody (the background). */
export type RenderLane = 'request' | 'background';

const CONTENT_TYPES: Record<MediaFormat, string> = { webp: 'image/webp', avif: 'image/avif' };
/** Every file media stores is named by its content's hash, so no copy of it ever goes stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * A review photo's: moderation may hide it (decision 0049), and a copy kept by a browser or a CDN in front of
 * MEDIA_BASE_URL outlives the hiding by at most this day.
 */
export const REVIEW_PHOTO_CACHE = 'public, max-age=86400';

const CACHE_CONTROL: Record<ImageUse, string> = { catalogue: IMMUTABLE, 'review-photo': REVIEW_PHOTO_CACHE };
const originalKey = (key: string) => `originals/${key}`;
const mediaKey = (body: Buffer) => createHash('sha256').update(body).digest('hex').slice(0, 24);
const variantKey = (key: string, width: number, format: MediaFormat) => `variants/${key}/${width}.${format}`;
/** Where a withheld original waits, outside the prefixes a public bucket exposes (decision 0049). */
const withheldKey = (key: string) => `withheld/${key}`;
const allVariantKeys = (key: string) =>
  MEDIA_FORMATS.flatMap((format) => MEDIA_WIDTHS.map((width) => variantKey(key, width, format)));

/**
 * Stores original images and derives resized WebP/AVIF variants, caching them in storage: those pages link to when
 * an image is stored or by the warm-up after a start (decision 0039), any other on first request.
 */
export class MediaService implements MediaLibrary {
  private readonly inFlight = new Map<string, Promise<Buffer | null>>();
  private readonly renderQueue = new RenderQueue(2);
  /** Background renders (warm-up, after an upload) go one at a time, so a visitor's render always has a slot. */
  private readonly backgroundQueue = new RenderQueue(1);
  private renders = 0;
  private readonly accessRules: ImageAccessRule[] = [];

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  /**
   * Lets the module that owns some images decide how they are served (the reviews module: its photos, hidden or
   * not). An image no rule knows is a catalogue image.
   */
  decideAccessWith(rule: ImageAccessRule): void {
    this.accessRules.push(rule);
  }

  /** How the image under this key may be served now. */
  async access(key: string): Promise<ImageAccess> {
    for (const rule of this.accessRules) {
      const access = await rule(key);
      if (access) return access;
    }
    return 'catalogue';
  }

  static cacheControl(use: ImageUse): string {
    return CACHE_CONTROL[use];
  }

  /** Saves an original image; the key is its content hash, so storing the same bytes twice is harmless. */
  async store(body: Buffer, alt = ''): Promise<string> {
    const key = mediaKey(body);
    const existing = await this.db.select({ key: media.key }).from(media).where(eq(media.key, key));
    if (existing.length > 0) return key;
    await this.record([await this.saveOriginal(body, alt)]);
    return key;
  }

  /**
   * Writes an original's file and returns the row that describes it, without touching the database: the file is
   * content-addressed, so writing it ahead of a transaction that may never commit is harmless.
   */
  async saveOriginal(body: Buffer, alt = '', use: ImageUse = 'catalogue'): Promise<MediaRow> {
    const meta = await sharp(body).metadata();
    if (!meta.width || !meta.height || !meta.format) throw new Error('Not an image');
    const key = mediaKey(body);
    const contentType = `image/${meta.format}`;
    await this.storage.put(originalKey(key), body, contentType, { cacheControl: CACHE_CONTROL[use] });
    return { key, contentType, width: meta.width, height: meta.height, alt };
  }

  /** Records saved originals, inside the caller's transaction when one is given. */
  async record(rows: MediaRow[], db: Db = this.db): Promise<void> {
    if (rows.length > 0) await db.insert(media).values(rows).onConflictDoNothing();
  }

  static contentType(format: MediaFormat): string {
    return CONTENT_TYPES[format];
  }

  static isValidVariant(width: number, format: string): format is MediaFormat {
    return (MEDIA_WIDTHS as readonly number[]).includes(width) && (MEDIA_FORMATS as readonly string[]).includes(format);
  }

  /** The resized image, rendering it once if needed; null for an unknown key. */
  async variant(key: string, width: number, format: MediaFormat, use: ImageUse = 'catalogue'): Promise<Buffer | null> {
    const cached = await this.storage.get(variantKey(key, width, format));
    return cached ?? this.rendering(key, width, format, 'request', use);
  }

  /**
   * Removes an image's files (its original and every variant) from storage, for an image nothing shows any more
   * (a deleted review's photo): its URLs answer 404. Its row stays; storing the same bytes again brings it back.
   */
  async deleteFiles(key: string): Promise<void> {
    await this.storage.delete(originalKey(key));
    await this.deleteVariants(key);
  }

  /**
   * A hidden review photo (decision 0049): the media route already refuses it, but files a browser can fetch
   * without the shop (a public bucket) leave their public keys too: the original moves to `withheld/`, the variants
   * go. Nothing to do on storage only the shop serves.
   */
  async withhold(key: string): Promise<void> {
    if (!this.storage.publicUrl?.(originalKey(key))) return;
    if (await this.move(originalKey(key), withheldKey(key), 'private, no-store')) await this.deleteVariants(key);
  }

  /** Undoes withhold: the original is back under its key, and variants are made again when asked for. */
  async release(key: string): Promise<void> {
    if (!this.storage.publicUrl?.(originalKey(key))) return;
    await this.move(withheldKey(key), originalKey(key), REVIEW_PHOTO_CACHE);
  }

  /** Copies a file to another key and removes it from the first; false when there was none to move. */
  private async move(from: string, to: string, cacheControl: string): Promise<boolean> {
    const body = await this.storage.get(from);
    if (!body) return false;
    const key = from.slice(from.lastIndexOf('/') + 1);
    const [row] = await this.db.select({ contentType: media.contentType }).from(media).where(eq(media.key, key));
    await this.storage.put(to, body, row?.contentType ?? 'application/octet-stream', { cacheControl });
    await this.storage.delete(from);
    return true;
  }

  /** Removes every variant, after the render of any under way: done after the original has gone, none comes back. */
  private async deleteVariants(key: string): Promise<void> {
    const variants = allVariantKeys(key);
    await Promise.allSettled(variants.map((variant) => this.inFlight.get(variant)));
    await Promise.all(variants.map((variant) => this.storage.delete(variant)));
  }

  /**
   * Makes the variants of an image that pages link to for its use (decision 0039) and are not in storage yet, one
   * after another; `stopping` is asked before each. A `request` render (an upload the admin waits for) queues with
   * visitors' renders; a `background` one takes at most one of their slots. `formats` limits it to those.
   */
  async makeVariants(
    key: string,
    use: ImageUse,
    {
      lane = 'request',
      stopping = () => false,
      formats = MEDIA_FORMATS,
    }: { lane?: RenderLane; stopping?: () => boolean; formats?: readonly MediaFormat[] } = {},
  ): Promise<{ made: number; present: number }> {
    const counts = { made: 0, present: 0 };
    for (const { width, format } of linkedVariants(use).filter((variant) => formats.includes(variant.format))) {
      if (stopping()) break;
      if (await this.storage.exists(variantKey(key, width, format))) counts.present++;
      else if (await this.rendering(key, width, format, lane, use)) counts.made++;
    }
    return counts;
  }

  /** How many variants this process has encoded since it started (tests count them). */
  get renderCount(): number {
    return this.renders;
  }

  /** The one render of a variant under way in this process, started if there is none: concurrent askers share it. */
  private rendering(
    key: string,
    width: number,
    format: MediaFormat,
    lane: RenderLane,
    use: ImageUse,
  ): Promise<Buffer | null> {
    const cacheKey = variantKey(key, width, format);
    let pending = this.inFlight.get(cacheKey);
    if (!pending) {
      const render = () => this.renderQueue.run(() => this.render(key, width, format, use));
      pending = (lane === 'background' ? this.backgroundQueue.run(render) : render()).finally(() =>
        this.inFlight.delete(cacheKey),
      );
      this.inFlight.set(cacheKey, pending);
    }
    return pending;
  }

  private async render(key: string, width: number, format: MediaFormat, use: ImageUse): Promise<Buffer | null> {
    // A render that finished between an asker's storage read and its look for one in flight: no second encode.
    const done = await this.storage.get(variantKey(key, width, format));
    if (done) return done;
    const original = await this.storage.get(originalKey(key));
    if (!original) return null;
    this.renders++;
    const { format: originalFormat, width: drawnWidth } = await sharp(original).metadata();
    const density = originalFormat === 'svg' ? densityFor(width, drawnWidth) : MAX_DENSITY;
    const pipeline = sharp(original, { density }).resize({ width, withoutEnlargement: false });
    const output =
      format === 'avif'
        ? await pipeline.avif({ quality: 55, effort: 2, chromaSubsampling: '4:2:0' }).toBuffer()
        : await pipeline.webp({ quality: 78, effort: 4 }).toBuffer();
    const cacheControl = CACHE_CONTROL[use];
    await this.storage.put(variantKey(key, width, format), output, CONTENT_TYPES[format], { cacheControl });
    return output;
  }
}

/** Caps concurrent image renders so a burst of new images cannot starve request handling. */
class RenderQueue {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}
