import { data, redirect, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/product';
import { dispatchCart } from '../cart/cart-store';
import { CatalogError } from '../catalog/CatalogError';
import { productJsonLd } from '../catalog/json-ld';
import { ProductView } from '../catalog/ProductView';
import { pageMeta } from '../lib/meta';
import { keptLoaderData } from '../lib/kept-loader-data';
import { useShop } from '../lib/use-shop';
import { useSession } from '../session/session-store';
import { firstPaintReviews } from '../reviews/review-stats';
import { ReviewsPanel } from '../reviews/ReviewsPanel';
import { useProductReviews } from '../reviews/use-product-reviews';
import { WishlistButton } from '../wishlist/WishlistButton';
import { DeliveryCheck } from '../shipping/DeliveryCheck';

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
  // The first paint's list and summary; the browser fetches the fresh list when the Reviews tab is shown. Reviews
  // that fail to load leave the product page standing, with the list's own failure state (spec section 2).
  const reviews = firstPaintReviews(product, await context.catalog.getReviews(product._id).catch(() => null));
  // Built here, not in meta, so the browser bundle never carries the JSON-LD builder; it carries what the page shows.
  return { product, reviews, jsonLd: productJsonLd(product, reviews, context.origin, context.shop.name) };
}

export const clientLoader = (args: Route.ClientLoaderArgs) => keptLoaderData(args);

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

/** The catalogue's product page; Add to Cart and Buy Now put the quantity in the cart and go to /cart. */
export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  // Another product's page starts its reviews afresh.
  return <ProductPageOf key={product._id} loaderData={loaderData} />;
}

function ProductPageOf({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { product } = loaderData;
  const reviews = useProductReviews(product._id, loaderData.reviews);
  const session = useSession();
  // The review request mail links to `?review=1`: the Reviews tab shows and the form opens.
  const [searchParams] = useSearchParams();
  const openForm = searchParams.get('review') === '1';
  const shop = useShop();
  const navigate = useNavigate();
  const addToCart = async (quantity: number) => {
    await dispatchCart({ type: 'add', item: product, quantity }, shop);
    void navigate('/cart');
  };
  return (
    <ProductView
      product={product}
      rating={reviews.summary}
      initialTab={openForm ? 'Reviews' : undefined}
      reviewsPanel={(shown) => (
        <ReviewsPanel product={product} reviews={reviews} shown={shown} openForm={openForm} session={session} />
      )}
      onAddToCart={addToCart}
      deliveryCheck={<DeliveryCheck productId={product._id} />}
      wishButton={<WishlistButton product={product} className="size-11 border border-stone-300 hover:bg-brand-50" />}
    />
  );
}

export function ErrorBoundary() {
  return <CatalogError />;
}
