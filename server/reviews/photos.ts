/**
 * Review photos (decision 0031): what a shopper sends is trusted for nothing. Its content must be an image of an
 * accepted type (its name and declared type are ignored), small enough, and of few enough pixels to decode safely;
 * it is then decoded and re-encoded by sharp as a WebP with no metadata at all (no EXIF, XMP, GPS or ICC), turned
 * upright first from its EXIF orientation, so that what is stored and served is only pixels the shop made.
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { HttpError } from '../http/errors.ts';
import {
  REVIEW_ACCEPTED_TYPES,
  REVIEW_MAX_FILE_BYTES,
  REVIEW_MAX_FILE_MEGABYTES,
  REVIEW_MESSAGES,
} from '../../core/contracts/reviews.ts';

/**
 * The most pixels a photo may have to be decoded: 40 MP (a phone's 48 MP sensor bins to 12 MP photos). sharp checks
 * the header's dimensions before it decodes, so a small file that unpacks to a huge image (a decompression bomb)
 * is refused without the memory being spent.
 */
export const REVIEW_MAX_INPUT_PIXELS = 40_000_000;
/** The stored photo's longest side: as large as the media server's largest variant, never enlarged. */
export const REVIEW_PHOTO_MAX_SIDE = 1600;
const WEBP_QUALITY = 80;

const ACCEPTED: ReadonlySet<string> = new Set(REVIEW_ACCEPTED_TYPES);

/** A photo's bytes, checked and re-encoded; a 400 with a message for the shopper when it cannot be one. */
export async function preparePhoto(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > REVIEW_MAX_FILE_BYTES)
    throw new HttpError(400, REVIEW_MESSAGES.tooLarge(REVIEW_MAX_FILE_MEGABYTES));
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) throw new HttpError(400, REVIEW_MESSAGES.notImage);
  try {
    return await sharp(bytes, { limitInputPixels: REVIEW_MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate() // upright by its EXIF orientation, which is then dropped with the rest
      .resize({ width: REVIEW_PHOTO_MAX_SIDE, height: REVIEW_PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer(); // no withMetadata()/keepMetadata(): sharp writes none of the input's metadata
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new HttpError(400, REVIEW_MESSAGES.tooManyPixels);
    }
    // Bytes that start like an image but do not decode (truncated, corrupt): not an image we can show.
    throw new HttpError(400, REVIEW_MESSAGES.notImage);
  }
}
