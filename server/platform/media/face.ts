// What every module sees of the media module (decision 0061): originals it keeps, their variants, who may see them.
import type { ImageUse } from '../../../core/media.ts';
import type { Db } from '../db/client.ts';
import { extensionPoint, face } from '../kernel/face.ts';

/** An original image as the media table keeps it. */
export interface MediaRow {
  key: string;
  contentType: string;
  width: number;
  height: number;
  alt?: string;
  createdAt?: Date;
}

/** How an image is served: a catalogue image for good, a review photo for a day, a withheld one not at all. */
export type ImageAccess = 'catalogue' | 'review-photo' | 'withheld';
/** A module's say on the images it owns; undefined for an image it does not know. */
export type ImageAccessRule = (key: string) => Promise<ImageAccess | undefined>;

/** An image a page shows, and how (which decides its variants). */
export interface ImageInUse {
  key: string;
  use: ImageUse;
  /** Shown on the home page, a visitor's first page: its variants are made before a start listens (decision 0076). */
  onHomePage?: boolean;
}

export interface MediaLibrary {
  /** Stores an original (named by its content's hash) and returns its row, not yet recorded. */
  saveOriginal(body: Buffer, alt?: string, use?: ImageUse): Promise<MediaRow>;
  /** Records originals' rows, in `db`'s transaction when given. */
  record(rows: MediaRow[], db?: Db): Promise<void>;
  /** Makes the variants pages link to for `use` that storage lacks. */
  makeVariants(key: string, use: ImageUse): Promise<{ made: number; present: number }>;
  /** Lets `rule` decide how the images it knows are served. */
  decideAccessWith(rule: ImageAccessRule): void;
  /** Moves an original out of public reach, and back. */
  withhold(key: string): Promise<void>;
  release(key: string): Promise<void>;
  /** Deletes an original and its variants from storage. */
  deleteFiles(key: string): Promise<void>;
}

export interface MediaFace {
  media: MediaLibrary;
  /** Variants made in the background, one image at a time (decision 0039). */
  mediaVariants: { make(images: readonly ImageInUse[]): Promise<unknown> };
}

export const mediaFace = face<MediaFace>('media');
/** The images a module shows, whose variants the warm-up makes. */
export const imagesInUse = extensionPoint<() => Promise<ImageInUse[]>>('media.imagesInUse');
