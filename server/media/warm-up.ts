import type { BackgroundVariants } from './background.ts';
import type { ImageInUse } from '../platform/media/face.ts';
import type { MediaService } from './service.ts';

export interface WarmUpOptions {
  background: BackgroundVariants;
  /** Every image pages show now, each with its use: the catalogue's and the reviews' (the composition root asks). */
  imagesInUse: () => Promise<ImageInUse[]>;
  /** Runs fn unless another process runs it now (an advisory lock); false when it did not run. */
  alone: (fn: () => Promise<void>) => Promise<boolean>;
  log: (message: string, error?: unknown) => void;
}

/** The line a warm-up logs when it has finished (a process test waits for it). */
export const WARM_UP_DONE = 'Image warm-up done';

/**
 * After a start (decision 0039): makes every variant pages link to that storage does not have yet: images stored
 * before variants were made at upload, those of a start that seeded the demo catalogue, those a crash left
 * unmade. It runs in the background once the server listens, in one process at a time when several share the
 * database, and logs what it did.
 */
export async function warmUpVariants({ background, imagesInUse, alone, log }: WarmUpOptions): Promise<void> {
  try {
    const ran = await alone(async () => {
      const started = Date.now();
      const counts = await background.make(await imagesInUse());
      const did = `${counts.made} variants made, ${counts.present} already there, for ${counts.images} images`;
      const took = `in ${Date.now() - started} ms`;
      log(
        background.stopped
          ? `Image warm-up stopped by the shutdown: ${did} ${took}`
          : `${WARM_UP_DONE}: ${did} ${took}`,
      );
    });
    if (!ran) log('Image warm-up skipped: another process is running it');
  } catch (error) {
    log('Image warm-up failed; missing variants are made when first asked for', error);
  }
}

/**
 * Before a start listens (decision 0076): the home page's images' variants, every format, that storage lacks, one
 * image at a time. After the first start they are there, and this only looks; the warm-up does the rest later.
 */
export async function makeHomePageVariants(
  media: Pick<MediaService, 'makeVariants'>,
  imagesInUse: () => Promise<ImageInUse[]>,
  log: (message: string, error?: unknown) => void,
): Promise<void> {
  try {
    const started = Date.now();
    let made = 0;
    for (const image of (await imagesInUse()).filter(({ onHomePage }) => onHomePage)) {
      made += (await media.makeVariants(image.key, image.use, { lane: 'background' })).made;
    }
    if (made > 0) log(`Made the home page's ${made} image variants before listening, in ${Date.now() - started} ms`);
  } catch (error) {
    log("The home page's image variants could not all be made before listening; they are made when asked for", error);
  }
}
