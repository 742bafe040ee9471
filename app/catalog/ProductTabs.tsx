import { useId, useState } from 'react';
import { toast } from '../lib/toast';
import type { Product, Review } from '../../core/product';
import { ResponsiveImage } from '../components/ResponsiveImage';
import { Stars } from './Stars';

const TABS = ['Description', 'Additional Information', 'Reviews'] as const;
type Tab = (typeof TABS)[number];

/** Description, Additional Information and Reviews; every panel is in the server HTML for search engines. */
export function ProductTabs({ product, reviews }: { product: Product; reviews: Review[] }) {
  const [selected, setSelected] = useState<Tab>('Description');
  const id = useId();
  const tabId = (tab: Tab) => `${id}-tab-${TABS.indexOf(tab)}`;
  const panelId = (tab: Tab) => `${id}-panel-${TABS.indexOf(tab)}`;

  return (
    <section id="product-tabs" className="mt-12 scroll-mt-24">
      <div role="tablist" aria-label="Product details" className="flex gap-1 overflow-x-auto border-b border-stone-200">
        {TABS.map((tab) => (
          <button
            key={tab}
            id={tabId(tab)}
            type="button"
            role="tab"
            aria-selected={selected === tab}
            aria-controls={panelId(tab)}
            tabIndex={selected === tab ? 0 : -1}
            className={`whitespace-nowrap border-b-2 px-4 py-3 text-sm font-semibold ${selected === tab ? 'border-brand-700 text-brand-800' : 'border-transparent text-stone-600'}`}
            onClick={() => setSelected(tab)}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]!;
              setSelected(next);
              document.getElementById(tabId(next))?.focus();
            }}
          >
            {tab === 'Reviews' ? `Reviews (${product.numReviews})` : tab}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab}
          id={panelId(tab)}
          role="tabpanel"
          aria-labelledby={tabId(tab)}
          hidden={selected !== tab}
          tabIndex={0}
          className="py-6"
        >
          {tab === 'Description' && <Description product={product} />}
          {tab === 'Additional Information' && <AdditionalInformation product={product} />}
          {tab === 'Reviews' && <Reviews product={product} reviews={reviews} />}
        </div>
      ))}
    </section>
  );
}

function Description({ product }: { product: Product }) {
  return (
    <div className="max-w-3xl space-y-4 leading-7 text-stone-700">
      {product.description.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <h2 className="pt-2 text-lg font-semibold text-ink">What's in the box?</h2>
      <ul className="list-disc pl-5">
        {product.whatsInTheBox.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

function AdditionalInformation({ product }: { product: Product }) {
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
      {product.image.map((image, index) => (
        <li key={image}>
          <ResponsiveImage
            src={image}
            alt={`${product.title}, image ${index + 1}`}
            width={1200}
            height={1200}
            sizes="(min-width: 768px) 25vw, 50vw"
            maxWidth={640}
            className="aspect-square w-full rounded-lg object-cover"
          />
        </li>
      ))}
    </ul>
  );
}

function Reviews({ product, reviews }: { product: Product; reviews: Review[] }) {
  return (
    <div className="grid gap-8 md:grid-cols-[16rem_1fr]">
      <div>
        <h2 className="text-lg font-semibold">Rating &amp; Review</h2>
        <p className="mt-2 text-4xl font-semibold">{product.rating.toFixed(1)}</p>
        <Stars rating={product.rating} className="size-5" />
        <p className="mt-1 text-sm text-stone-600">Based on ({product.numReviews}) reviews</p>
        {/* Visitors are asked to sign in; the review form itself arrives with accounts. */}
        <button type="button" className="btn-primary mt-4" onClick={() => toast.error('Signin to write a review')}>
          Write Review
        </button>
      </div>
      {reviews.length === 0 ? (
        <p className="text-stone-600">No Reviews Yet...</p>
      ) : (
        <ul className="space-y-6" data-testid="review-list">
          {reviews.map((review) => (
            <li key={review._id} className="border-b border-stone-200 pb-6">
              <h3 className="font-semibold">{review.title}</h3>
              <p className="text-sm text-stone-600">{review.userName}</p>
              <p className="mt-1 flex items-center gap-2 text-sm">
                <Stars rating={review.rating} /> {review.rating} Stars
              </p>
              <p className="mt-2 leading-7 text-stone-700">{review.message}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
