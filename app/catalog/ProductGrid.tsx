import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductCard as Card } from '../../core/product';
import { TITLE_CUT_LENGTH } from '../../core/constants';
import { cutTitle } from '../../core/product';
import { ResponsiveImage } from '../components/ResponsiveImage';
import { DiscountBadge, Price } from './Price';

/** Two columns on small screens, three on large; products arrive newest first. */
export interface ProductGridProps {
  products: Card[];
  /** How many leading images load eagerly: the ones above the fold. */
  priorityCount?: number;
  /** Card titles sit one level below the heading above the grid. */
  titleLevel?: 'h2' | 'h3';
  /** A control shown over a card's image, beside its link (the page's wishlist heart); the catalogue knows none. */
  cardAction?: (product: Card) => ReactNode;
}

export function ProductGrid(props: ProductGridProps) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 lg:grid-cols-3" data-testid="product-grid">
      <CardRun {...props} start={0} />
    </ul>
  );
}

/**
 * Cards in runs of HYDRATION_RUN, each later run inside a Suspense boundary within the one before: React hydrates
 * one boundary level per pass and commit, so a long grid hydrates in several short tasks rather than one long one
 * (decision 0046). Nothing here suspends: on the client the boundaries never show a fallback.
 */
export const HYDRATION_RUN = 6;

function CardRun({ start, ...grid }: ProductGridProps & { start: number }) {
  const { products, priorityCount = 0, titleLevel = 'h3', cardAction } = grid;
  const end = start + HYDRATION_RUN;
  return (
    <>
      {products.slice(start, end).map((product, offset) => (
        <li key={product._id} className="relative">
          <ProductCard product={product} priority={start + offset < priorityCount} titleLevel={titleLevel} />
          {/* Outside the card's link: a button may not sit inside a link. */}
          {cardAction && <div className="absolute right-2 top-2">{cardAction(product)}</div>}
        </li>
      ))}
      {end < products.length && (
        <Suspense>
          <CardRun {...grid} start={end} />
        </Suspense>
      )}
    </>
  );
}

function ProductCard({
  product,
  priority,
  titleLevel: Title,
}: {
  product: Card;
  priority: boolean;
  titleLevel: 'h2' | 'h3';
}) {
  return (
    <Link to={`/product/${product.slug}`} className="group block" data-testid="product-card">
      <div className="relative overflow-hidden rounded-lg bg-stone-100">
        <ResponsiveImage
          src={product.image}
          alt=""
          sizes="(min-width: 1280px) 400px, (min-width: 1024px) 31vw, 46vw"
          width={1200}
          height={1200}
          priority={priority}
          maxWidth={960}
          className="aspect-square w-full object-cover transition duration-300 group-hover:scale-105"
        />
        {product.isDiscount && (
          <span className="absolute left-2 top-2">
            <DiscountBadge discount={product.discount} />
          </span>
        )}
      </div>
      <Title className="mt-3 text-sm font-medium text-ink group-hover:text-brand-700 md:text-base">
        <span className="md:hidden">{cutTitle(product.title, TITLE_CUT_LENGTH)}</span>
        <span className="hidden md:inline">{product.title}</span>
      </Title>
      <div className="mt-1">
        <Price price={product.price} originalPrice={product.originalPrice} isDiscount={product.isDiscount} />
      </div>
    </Link>
  );
}
