/** Review photos (decision 0031): checked and re-encoded by the media module's pipeline, with the review's limits. */
import { prepareImage } from '../platform/media/prepare-image.ts';
import { REVIEW_MAX_FILE_BYTES, REVIEW_MAX_FILE_MEGABYTES, REVIEW_MESSAGES } from '../../core/contracts/reviews.ts';

const REVIEW_PHOTO_RULES = {
  maxBytes: REVIEW_MAX_FILE_BYTES,
  messages: {
    tooLarge: REVIEW_MESSAGES.tooLarge(REVIEW_MAX_FILE_MEGABYTES),
    notImage: REVIEW_MESSAGES.notImage,
    tooManyPixels: REVIEW_MESSAGES.tooManyPixels,
  },
};

/** A photo's bytes, checked and re-encoded; a 400 with a message for the shopper when it cannot be one. */
export const preparePhoto = (bytes: Buffer): Promise<Buffer> => prepareImage(bytes, REVIEW_PHOTO_RULES);
