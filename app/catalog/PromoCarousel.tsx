import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CAROUSEL_INTERVAL_MS, PROMO_DISCOUNT_PERCENT } from '../../core/constants';
import { ResponsiveImage } from '../components/ResponsiveImage';
import type { BannerImage } from '../../core/storefront';

/** Four banners, one every 3 seconds, under one headline and a Shop Now button. */
export function PromoCarousel({ images }: { images: BannerImage[] }) {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  // Only the first banner is in the server HTML; the rest load once the page is interactive.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
  }, []);

  useEffect(() => {
    if (paused || images.length < 2) return;
    const timer = setInterval(() => setActive((index) => (index + 1) % images.length), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, images.length]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Promotions"
      className="relative isolate overflow-hidden bg-stone-900"
    >
      <div className="relative aspect-[4/3] w-full sm:aspect-[16/7] lg:max-h-[600px]">
        {images.map((image, index) =>
          index === 0 || hydrated ? (
            <div
              key={image.src}
              data-testid="carousel-slide"
              data-active={index === active}
              aria-hidden={index !== active}
              className={`absolute inset-0 transition-opacity duration-700 ${index === active ? 'opacity-100' : 'opacity-0'}`}
            >
              <ResponsiveImage
                src={image.src}
                alt={image.alt}
                width={1600}
                height={700}
                sizes="100vw"
                priority={index === 0}
                className="size-full object-cover"
              />
            </div>
          ) : null,
        )}
        <div className="absolute inset-0 bg-gradient-to-r from-black/70 via-black/40 to-transparent" />
        <div className="absolute inset-0 flex items-center">
          <div className="mx-auto w-full max-w-7xl px-6">
            <div className="max-w-md text-white">
              <p className="text-sm font-semibold uppercase tracking-widest text-brand-100">
                Limited-time sale: flat {PROMO_DISCOUNT_PERCENT}% off on toys
              </p>
              <h1 className="mt-3 text-2xl font-bold leading-tight sm:text-4xl">
                Stylish, modern, elegant pieces to beautify your space
              </h1>
              <p className="mt-3 hidden text-base text-stone-100 sm:block">
                Decor that reflects your unique taste, delivered across India.
              </p>
              <Link to="/shop" className="btn-primary mt-6">
                Shop Now
              </Link>
            </div>
          </div>
        </div>
        <div className="absolute bottom-3 right-4 flex items-center gap-1">
          {images.map((image, index) => (
            <button
              key={image.src}
              type="button"
              aria-label={`Show banner ${index + 1} of ${images.length}`}
              aria-current={index === active}
              className="flex size-6 items-center justify-center"
              onClick={() => setActive(index)}
            >
              <span
                className={`size-3 rounded-full border border-white ${index === active ? 'bg-white' : 'bg-white/30'}`}
              />
            </button>
          ))}
          <button
            type="button"
            className="ml-2 min-h-6 rounded bg-black/70 px-2 py-1 text-xs text-white"
            onClick={() => setPaused((value) => !value)}
          >
            {paused ? 'Play' : 'Pause'}
          </button>
        </div>
      </div>
    </section>
  );
}
