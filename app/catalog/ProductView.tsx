import type { ReactNode } from 'react';
import type { Product } from '../../core/product';
import { DELIVERY_ESTIMATE_PRODUCT_PAGE } from '../../core/constants';
import { ShieldIcon } from '../components/icons';
import { PaymentMethods } from '../components/PaymentMethods';
import { Gallery } from './Gallery';
import { DeliveryEstimate } from './DeliveryEstimate';
import { DiscountBadge, Price } from './Price';
import { ProductTabs, type ProductTab } from './ProductTabs';
import { PurchaseBox } from './PurchaseBox';
import { Stars } from '../components/Stars';

interface ProductViewProps {
  product: Product;
  /** The average and count the page shows: the review list's, which a new review changes while the page is open. */
  rating: Pick<Product, 'rating' | 'numReviews'>;
  /** The Reviews tab's panel, told whether the tab is showing (the catalogue knows no review list). */
  reviewsPanel: (shown: boolean) => ReactNode;
  /** The tab shown first. */
  initialTab?: ProductTab;
  /** Puts the chosen quantity in the cart (the page knows the cart; the catalogue does not). */
  onAddToCart: (quantity: number) => Promise<void>;
  /** Shown beside Buy Now: the page's wishlist heart (the catalogue knows no wishlist). */
  wishButton?: ReactNode;
  /** Under the delivery line: the PIN code check (app/shipping). */
  deliveryCheck?: ReactNode;
}

/** The product page: gallery, facts and buying, then the description, details and reviews tabs. */
export function ProductView({
  product,
  rating,
  reviewsPanel,
  initialTab,
  onAddToCart,
  wishButton,
  deliveryCheck,
}: ProductViewProps) {
  const inStock = product.countInStock > 0;
  return (
    <article className="mx-auto max-w-7xl px-4 py-8">
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <Gallery
          images={product.image}
          alts={product.imageAlt}
          title={product.title}
          discount={product.isDiscount ? product.discount : 0}
        />
        <div>
          <h1 className="text-2xl font-semibold leading-tight md:text-3xl">{product.title}</h1>
          <div className="mt-3 flex items-center gap-3">
            <Price price={product.price} originalPrice={product.originalPrice} isDiscount={product.isDiscount} large />
            {product.isDiscount && <DiscountBadge discount={product.discount} />}
          </div>
          <p className="mt-2 text-xs text-stone-600">Inclusive of all taxes</p>
          <a href="#product-tabs" className="mt-3 flex items-center gap-2 text-sm text-stone-700">
            <Stars rating={rating.rating} />
            <span>
              {rating.rating.toFixed(1)} ({rating.numReviews} {rating.numReviews === 1 ? 'review' : 'reviews'})
            </span>
          </a>
          <ul className="mt-5 list-disc space-y-1 pl-5 text-sm text-stone-700">
            {product.specs.map((spec) => (
              <li key={spec}>{spec}</li>
            ))}
          </ul>
          <p
            className={`mt-5 text-sm font-semibold ${inStock ? 'text-green-800' : 'text-red-700'}`}
            data-testid="stock-status"
          >
            {inStock ? 'In stock' : 'Out of stock'}
          </p>
          <PurchaseBox product={product} onAddToCart={onAddToCart}>
            {wishButton}
          </PurchaseBox>
          <DeliveryEstimate days={DELIVERY_ESTIMATE_PRODUCT_PAGE} />
          {deliveryCheck}
          <div className="mt-6 rounded-lg border border-stone-200 p-4">
            <p className="flex items-center gap-2 text-sm font-semibold">
              <ShieldIcon /> Guaranteed safe &amp; secure checkout
            </p>
            <PaymentMethods className="mt-3" />
          </div>
        </div>
      </div>
      <ProductTabs product={product} reviewCount={rating.numReviews} reviews={reviewsPanel} initialTab={initialTab} />
    </article>
  );
}
