/**
 * Uploaded images (decisions 0031, 0036): what is sent is trusted for nothing. Its content must be an image of an
 * accepted type (its name and declared type are ignored), small enough, and of few enough pixels to decode safely;
 * it is then decoded and re-encoded by sharp as a WebP with no metadata at all (no EXIF, XMP, GPS or ICC), turned
 * upright first from its EXIF orientation, so that what is stored and served is only pixels the shop made. Review
 * photos and the back office's product images both come through here.
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { HttpError } from '../http/errors.ts';
import { ACCEPTED_IMAGE_TYPES } from '../../../core/media.ts';

const ACCEPTED: ReadonlySet<string> = new Set(ACCEPTED_IMAGE_TYPES);
/**
 * The most pixels an image may have to be decoded: 40 MP (a phone's 48 MP sensor bins to 12 MP photos). sharp checks
 * the header's dimensions before it decodes, so a small file that unpacks to a huge image (a decompression bomb)
 * is refused without the memory being spent.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The stored image's longest side: as large as the media server's largest variant, never enlarged. */
export const STORED_MAX_SIDE = 1600;
const WEBP_QUALITY = 80;

/** What a caller allows, and the 400 messages its users read. */
export interface ImageRules {
  maxBytes: number;
  messages: { tooLarge: string; notImage: string; tooManyPixels: string };
}

/** An image's bytes, checked and re-encoded; a 400 with the rules' message when it cannot be one. */
export async function prepareImage(bytes: Buffer, { maxBytes, messages }: ImageRules): Promise<Buffer> {
  if (bytes.length > maxBytes) throw new HttpError(400, messages.tooLarge);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) throw new HttpError(400, messages.notImage);
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate() // upright by its EXIF orientation, which is then dropped with the rest
      .resize({ width: STORED_MAX_SIDE, height: STORED_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer(); // no withMetadata()/keepMetadata(): sharp writes none of the input's metadata
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new HttpError(400, messages.tooManyPixels);
    // Bytes that start like an image but do not decode (truncated, corrupt): not an image we can show.
    throw new HttpError(400, messages.notImage);
  }
}
