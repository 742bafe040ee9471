import { data, redirect } from 'react-router';
import type { Route } from './+types/route';
import { pageMeta } from '../../lib/meta';
import { CatalogError } from '../../components/CatalogError';
import { DELIVERY_ESTIMATE_PRODUCT_PAGE } from '../../../core/constants';
import { Price, DiscountBadge } from '../../components/product/Price';
import { Stars } from '../../components/product/Stars';
import { ShieldIcon, TruckIcon } from '../../components/icons';
import { PaymentMethods } from '../../components/PaymentMethods';
import { Gallery } from './Gallery';
import { ProductTabs } from './ProductTabs';
import { PurchaseBox } from './PurchaseBox';
import { productJsonLd } from './json-ld';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ params, context }: Route.LoaderArgs) {
  const product = await context.catalog.getProductBySlug(params.productId);
  if (!product) {
    // Old links by id still work: they move permanently to the slug URL.
    const byId = UUID.test(params.productId)
      ? await context.catalog.getProduct(params.productId.toLowerCase())
      : undefined;
    if (byId) throw redirect(`/product/${byId.slug}`, 301);
    throw data('Product not found', { status: 404 });
  }
  const reviews = await context.catalog.getReviews(product._id);
  // Built here, not in meta, so the browser bundle never carries the JSON-LD builder.
  return { product, reviews, jsonLd: productJsonLd(product, reviews, context.origin, context.shop.name) };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  if (!data) return [{ title: 'Product not found' }];
  const { product, jsonLd } = data;
  const path = `/product/${product.slug}`;
  return [
    ...pageMeta({
      matches,
      title: product.title,
      description: (product.description[0] ?? product.title).slice(0, 160),
      path,
      image: product.image[0],
      type: 'product',
    }),
    { property: 'product:price:amount', content: product.price.toFixed(2) },
    { property: 'product:price:currency', content: 'INR' },
    { 'script:ld+json': jsonLd },
  ];
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, reviews } = loaderData;
  const inStock = product.countInStock > 0;
  return (
    <article className="mx-auto max-w-7xl px-4 py-8">
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <Gallery images={product.image} title={product.title} discount={product.isDiscount ? product.discount : 0} />
        <div>
          <h1 className="text-2xl font-semibold leading-tight md:text-3xl">{product.title}</h1>
          <div className="mt-3 flex items-center gap-3">
            <Price price={product.price} originalPrice={product.originalPrice} isDiscount={product.isDiscount} large />
            {product.isDiscount && <DiscountBadge discount={product.discount} />}
          </div>
          <p className="mt-2 text-xs text-stone-600">Inclusive of all taxes</p>
          <a href="#product-tabs" className="mt-3 flex items-center gap-2 text-sm text-stone-700">
            <Stars rating={product.rating} />
            <span>
              {product.rating.toFixed(1)} ({product.numReviews} {product.numReviews === 1 ? 'review' : 'reviews'})
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
          <PurchaseBox product={product} />
          <p className="mt-6 flex items-center gap-2 text-sm text-stone-700">
            <TruckIcon /> Delivery in {DELIVERY_ESTIMATE_PRODUCT_PAGE.min} to {DELIVERY_ESTIMATE_PRODUCT_PAGE.max} days,
            dispatched within 24 hours
          </p>
          <div className="mt-6 rounded-lg border border-stone-200 p-4">
            <p className="flex items-center gap-2 text-sm font-semibold">
              <ShieldIcon /> Guaranteed safe &amp; secure checkout
            </p>
            <PaymentMethods className="mt-3" />
          </div>
        </div>
      </div>
      <ProductTabs product={product} reviews={reviews} />
    </article>
  );
}

export function ErrorBoundary() {
  return <CatalogError />;
}
