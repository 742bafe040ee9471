import { useRef, useState, type PointerEvent } from 'react';
import { SWIPE_THRESHOLD_PX, THUMBNAIL_STEP_PX } from '../../core/constants';
import { ResponsiveImage } from '../components/ResponsiveImage';
import { DiscountBadge } from './Price';
import { ArrowIcon } from '../components/icons';

interface GalleryProps {
  images: string[];
  /** Each image's alt text from the shop; an empty one is described by the title and its place. */
  alts: string[];
  title: string;
  /** Percent off, or 0 when not discounted. */
  discount: number;
}

/**
 * Small screens: swipe (over 50 px) or use previous/next, with an 'n / total' counter.
 * Large screens: a vertical thumbnail strip, scrolled 100 px a step, beside the large image.
 */
export function Gallery({ images, alts, title, discount }: GalleryProps) {
  const [active, setActive] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const strip = useRef<HTMLUListElement>(null);
  const last = images.length - 1;
  const show = (index: number) => setActive(Math.max(0, Math.min(last, index)));

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (distance <= -SWIPE_THRESHOLD_PX) show(active + 1);
    else if (distance >= SWIPE_THRESHOLD_PX) show(active - 1);
  };
  const scrollStrip = (direction: 1 | -1) =>
    strip.current?.scrollBy({ top: direction * THUMBNAIL_STEP_PX, behavior: 'smooth' });

  return (
    <div className="flex gap-4" data-testid="gallery">
      <div className="hidden w-24 shrink-0 flex-col items-center gap-2 lg:flex">
        <button
          type="button"
          className="rounded p-1 hover:bg-stone-100"
          aria-label="Scroll thumbnails up"
          onClick={() => scrollStrip(-1)}
        >
          <ArrowIcon className="size-5 -rotate-90" />
        </button>
        <ul
          ref={strip}
          className="flex max-h-[460px] flex-col gap-2 overflow-y-auto [scrollbar-width:none]"
          data-testid="thumbnail-strip"
        >
          {images.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-current={index === active}
                className={`block overflow-hidden rounded-md border-2 ${index === active ? 'border-brand-700' : 'border-transparent'}`}
                onClick={() => show(index)}
              >
                <ResponsiveImage
                  src={image}
                  alt=""
                  width={96}
                  height={96}
                  sizes="96px"
                  maxWidth={320}
                  className="size-22 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="rounded p-1 hover:bg-stone-100"
          aria-label="Scroll thumbnails down"
          onClick={() => scrollStrip(1)}
        >
          <ArrowIcon className="size-5 rotate-90" />
        </button>
      </div>

      <div className="relative min-w-0 flex-1">
        <div
          className="touch-pan-y select-none overflow-hidden rounded-lg bg-stone-100"
          data-testid="gallery-main"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipeStart.current = null)}
        >
          <ResponsiveImage
            key={images[active]}
            src={images[active] ?? ''}
            alt={alts[active] || `${title}, image ${active + 1} of ${images.length}`}
            width={1200}
            height={1200}
            sizes="(min-width: 1280px) 520px, (min-width: 1024px) 40vw, 100vw"
            priority={active === 0}
            className="pointer-events-none aspect-square w-full object-cover"
          />
        </div>
        {discount > 0 && (
          <span className="absolute left-3 top-3">
            <DiscountBadge discount={discount} />
          </span>
        )}
        <div className="mt-3 flex items-center justify-between lg:hidden">
          <button
            type="button"
            className="rounded-full border border-stone-300 p-2 disabled:opacity-40"
            aria-label="Previous image"
            disabled={active === 0}
            onClick={() => show(active - 1)}
          >
            <ArrowIcon className="size-5 rotate-180" />
          </button>
          <span className="text-sm text-stone-700" data-testid="gallery-counter" aria-live="polite">
            {active + 1} / {images.length}
          </span>
          <button
            type="button"
            className="rounded-full border border-stone-300 p-2 disabled:opacity-40"
            aria-label="Next image"
            disabled={active === last}
            onClick={() => show(active + 1)}
          >
            <ArrowIcon className="size-5" />
          </button>
        </div>
      </div>
    </div>
  );
}
