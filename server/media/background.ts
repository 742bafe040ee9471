import type { ImageInUse } from '../platform/media/face.ts';
import type { MediaService } from './service.ts';
import { MEDIA_FORMATS, type MediaFormat } from '../../core/media.ts';

export interface VariantCounts {
  images: number;
  made: number;
  present: number;
}

/**
 * Each image's AVIF variants, then each image's WebP ones: every current browser takes the AVIF source of a
 * <picture>, so the variants visitors ask for are made first (decision 0069).
 */
const PASSES: ReadonlyArray<readonly MediaFormat[]> = MEDIA_FORMATS.map((format) => [format]);

/**
 * Variants made in the background (decision 0039): a review photo's after its review is saved, every image's at
 * the warm-up after a start. One image at a time, PASSES over them, in the media service's background lane, so
 * visitors' renders keep their slot. At shutdown it takes up nothing more and its render in flight gets a bounded wait (the shape of
 * the job queue's claimers, so a shutdown stops it with them).
 */
export class BackgroundVariants {
  private readonly waiting: Array<{ image: ImageInUse; formats: readonly MediaFormat[]; counts: VariantCounts }> = [];
  private worker: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly media: MediaService,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  /** Queues the images' missing variants; resolves with what was done for them once they have had their turn. */
  make(images: readonly ImageInUse[]): Promise<VariantCounts> {
    const counts: VariantCounts = { images: images.length, made: 0, present: 0 };
    if (this.stopping) return Promise.resolve(counts);
    for (const formats of PASSES) this.waiting.push(...images.map((image) => ({ image, formats, counts })));
    this.startWorker();
    return this.idle().then(() => counts);
  }

  /** Resolves once nothing is queued or rendering (or, stopping, once the render in flight has ended). */
  async idle(): Promise<void> {
    while (this.worker) await this.worker;
  }

  /** Whether a shutdown has stopped it: what is still missing is made another time. */
  get stopped(): boolean {
    return this.stopping;
  }

  stopClaiming(): void {
    this.stopping = true;
  }

  /** Takes up nothing more and waits up to `timeoutMs` for the render in flight; the rest is made another time. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    if (!this.worker) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([this.worker, timeout]);
    clearTimeout(timer);
  }

  /** One worker at a time; one queued while the last was finishing starts the next (a finally always runs later). */
  private startWorker(): void {
    if (this.worker) return;
    this.worker = this.work().finally(() => {
      this.worker = null;
      if (this.stopping) this.waiting.length = 0;
      else if (this.waiting.length > 0) this.startWorker();
    });
  }

  private async work(): Promise<void> {
    const stopping = () => this.stopping;
    for (let next = this.waiting.shift(); next && !this.stopping; next = this.waiting.shift()) {
      const { image, formats, counts } = next;
      try {
        const done = await this.media.makeVariants(image.key, image.use, { lane: 'background', stopping, formats });
        counts.made += done.made;
        counts.present += done.present;
      } catch (error) {
        // One bad image (its original gone from storage, say) does not stop the others; a request retries it.
        this.log(`Image ${image.key}: its variants could not be made`, error);
      }
    }
  }
}
