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
  const widths = MEDIA_WIDTHS.filter((width) => width <= maxWidth);
  const list = (format: MediaFormat) => widths.map((width) => `${base}${key}/${width}.${format} ${width}w`).join(', ');
  return { src: url, srcSets: { avif: list('avif'), webp: list('webp') } };
}
