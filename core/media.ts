/** Responsive image variants the media server renders; only these sizes exist, so nobody can make it render others. */
export const MEDIA_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export const MEDIA_FORMATS = ['avif', 'webp'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];
export const DEFAULT_MEDIA_WIDTH = 960;
/** The image types the shop accepts in an upload, judged by their content (review photos, product images). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

const VARIANT_URL = /^(.*\/)([0-9a-f]{24})\/(\d+)\.(webp|avif)$/;

/** The URL of one variant, e.g. /media/ab12…/960.webp. */
export function mediaUrl(base: string, key: string, width: number = DEFAULT_MEDIA_WIDTH, format: MediaFormat = 'webp') {
  return `${base.replace(/\/$/, '')}/${key}/${width}.${format}`;
}

/** The widest variant a review photo's thumbnails offer (they show at 80 px); the viewer opens its plain src. */
export const REVIEW_THUMBNAIL_MAX_WIDTH = 320;

/**
 * Where an image shows, which decides the variants the storefront links to (decision 0039). `catalogue`: product
 * images and the home page's banners, shown through <picture> with AVIF and WebP srcsets up to the largest width
 * (the product gallery's main image offers them all). `review-photo`: WebP thumbnails up to
 * REVIEW_THUMBNAIL_MAX_WIDTH and the default-width src the photo viewer opens.
 */
export type ImageUse = 'catalogue' | 'review-photo';

export interface MediaVariant {
  width: number;
  format: MediaFormat;
}

/** The widths a srcset lists when it offers variants up to `maxWidth`. */
const srcsetWidths = (maxWidth: number) => MEDIA_WIDTHS.filter((width) => width <= maxWidth);

/** Every variant a page may link to for an image of this use: what is made when the image is stored. */
export function linkedVariants(use: ImageUse): MediaVariant[] {
  const variants: MediaVariant[] =
    use === 'catalogue'
      ? MEDIA_FORMATS.flatMap((format) => srcsetWidths(Math.max(...MEDIA_WIDTHS)).map((width) => ({ width, format })))
      : srcsetWidths(REVIEW_THUMBNAIL_MAX_WIDTH).map((width) => ({ width, format: 'webp' as const }));
  const hasSrc = variants.some(({ width, format }) => width === DEFAULT_MEDIA_WIDTH && format === 'webp');
  return hasSrc ? variants : [...variants, { width: DEFAULT_MEDIA_WIDTH, format: 'webp' }];
}

export interface ResponsiveSources {
  src: string;
  srcSets: Record<MediaFormat, string>;
}

/** Builds srcset lists from any variant URL; URLs from elsewhere come back unchanged as a plain src. */
export function responsiveSources(
  url: string,
  maxWidth: number = Math.max(...MEDIA_WIDTHS),
): ResponsiveSources | { src: string; srcSets: null } {
  const match = VARIANT_URL.exec(url);
  if (!match) return { src: url, srcSets: null };
  const [, base, key] = match as unknown as [string, string, string];
  const widths = srcsetWidths(maxWidth);
  const list = (format: MediaFormat) => widths.map((width) => `${base}${key}/${width}.${format} ${width}w`).join(', ');
  return { src: url, srcSets: { avif: list('avif'), webp: list('webp') } };
}
