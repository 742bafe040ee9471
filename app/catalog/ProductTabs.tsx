import { useId, useState, type ReactNode } from 'react';
import type { Product } from '../../core/product';
import { ResponsiveImage } from '../components/ResponsiveImage';
import { ListingFacts } from './ListingFacts';

const TABS = ['Description', 'Additional Information', 'Reviews'] as const;
export type ProductTab = (typeof TABS)[number];
type Tab = ProductTab;

export interface ProductTabsProps {
  product: Product;
  /** The review count in the Reviews tab's name. */
  reviewCount: number;
  /** The Reviews panel (the page's reviews capability); told whether the tab is showing. */
  reviews: (shown: boolean) => ReactNode;
  /** The tab shown first (Description unless the page says otherwise, e.g. Reviews for `?review=1`). */
  initialTab?: ProductTab;
}

/** Description, Additional Information and Reviews; every panel is in the server HTML for search engines. */
export function ProductTabs({ product, reviewCount, reviews, initialTab = 'Description' }: ProductTabsProps) {
  const [selected, setSelected] = useState<Tab>(initialTab);
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
            {tab === 'Reviews' ? `Reviews (${reviewCount})` : tab}
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
          {tab === 'Reviews' && reviews(selected === tab)}
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
      {product.listingFacts && <ListingFacts facts={product.listingFacts} />}
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
            alt={product.imageAlt[index] || `${product.title}, image ${index + 1}`}
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
