import { describe, expect, it } from 'vitest';
import { REVIEW_THUMBNAIL_MAX_WIDTH, linkedVariants, mediaUrl, responsiveSources, type ImageUse } from './media.ts';

const KEY = 'ab12cd34ef56ab12cd34ef56';
const src = mediaUrl('/media', KEY);

/** Every variant an image's tags link to, as `width.format`: its src and each srcset entry. */
function linkedBy(maxWidth?: number, formats: Array<'avif' | 'webp'> = ['avif', 'webp']): string[] {
  const { srcSets } = responsiveSources(src, maxWidth);
  const urls = [src, ...formats.flatMap((format) => srcSets![format].split(', ').map((entry) => entry.split(' ')[0]!))];
  return [...new Set(urls.map((url) => url.slice(url.lastIndexOf('/') + 1)))].sort();
}
const made = (use: ImageUse) =>
  linkedVariants(use)
    .map(({ width, format }) => `${width}.${format}`)
    .sort();

describe('the variants made for an image (decision 0039)', () => {
  it("a catalogue image's are exactly those <ResponsiveImage> links to at its widest (the product gallery)", () => {
    expect(made('catalogue')).toEqual(linkedBy());
    // The narrower uses (thumbnails, cards, the additional-information grid) link to fewer, all among them.
    for (const maxWidth of [320, 640, 960])
      expect(made('catalogue')).toEqual(expect.arrayContaining(linkedBy(maxWidth)));
  });

  it("a review photo's are its WebP thumbnails and the src the viewer opens, no AVIF and no large widths", () => {
    expect(made('review-photo')).toEqual(linkedBy(REVIEW_THUMBNAIL_MAX_WIDTH, ['webp']));
    expect(made('review-photo')).toEqual(['160.webp', '320.webp', '960.webp']);
  });
});
