import { defineModule } from '../platform/kernel/index.ts';
import { bool } from '../platform/kernel/setting-types.ts';
import { z } from 'zod';
import { describeError } from '../platform/http/logger.ts';
import { databaseFace, logFace, storageFace } from '../platform/faces.ts';
import { workClaimers } from '../platform/work/jobs.ts';
import { imagesInUse, mediaFace } from '../platform/media/face.ts';
import { contribute } from '../platform/kernel/index.ts';
import { MediaService } from './service.ts';
import { BackgroundVariants } from './background.ts';
import { makeHomePageVariants, warmUpVariants } from './warm-up.ts';
import { mediaRoutes } from './routes.ts';

/** Held by the process warming images up, so the others sharing the database leave it to it (decision 0039). */
const IMAGE_WARM_UP_LOCK = 7_242_030;

export interface Media {
  media: MediaService;
  /** Variants made in the background: new review photos', and the warm-up's (decision 0039). */
  mediaVariants: BackgroundVariants;
  /**
   * Makes, in the background, the variants of every image pages show that storage lacks (decision 0039); one
   * process at a time. The server calls it once it listens; it resolves when done and never throws.
   */
  warmUpImages(): Promise<void>;
  /**
   * Makes the variants the home page links to that storage lacks, before the server listens (decision 0076): after a
   * first start that seeded the demo, a visitor's first page would otherwise wait for them. Never throws.
   */
  makeHomePageVariants(): Promise<void>;
}

export const mediaModule = defineModule({
  name: 'media',
  settings: z.object({
    /**
     * After each start, make in the background the image variants pages link to that storage lacks (decision 0039).
     * Test and benchmark shops turn it off: minutes of encoding would run beside what they measure.
     */
    IMAGE_WARM_UP: bool.default(true),
  }),
  needs: { database: databaseFace, storage: storageFace, log: logFace },
  provides: mediaFace,
  create: ({ needs, gather }): Media => {
    const { database } = needs;
    const media = new MediaService(database.db, needs.storage);
    const log = (message: string, error?: unknown) =>
      error === undefined
        ? needs.log.logger.info(message)
        : needs.log.logger.warn({ reason: describeError(error) }, message);
    const mediaVariants = new BackgroundVariants(media, log);
    const shown = gather(imagesInUse);
    const allShown = async () => (await Promise.all(shown.map((images) => images()))).flat();
    return {
      media,
      mediaVariants,
      warmUpImages: () =>
        warmUpVariants({
          background: mediaVariants,
          imagesInUse: allShown,
          alone: (fn) => database.unlessRunningElsewhere(IMAGE_WARM_UP_LOCK, fn),
          log,
        }),
      makeHomePageVariants: () => makeHomePageVariants(media, allShown, log),
    };
  },
  contributes: [contribute(workClaimers, ({ mediaVariants }: Media) => mediaVariants)],
  routes: async (app, { media }) => {
    await app.register(mediaRoutes, { media });
  },
});
