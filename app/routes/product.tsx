import { data, redirect, useNavigate } from 'react-router';
import type { Route } from './+types/product';
import { dispatchCart } from '../cart/cart-store';
import { CatalogError } from '../catalog/CatalogError';
import { productJsonLd } from '../catalog/json-ld';
import { ProductView } from '../catalog/ProductView';
import { pageMeta } from '../lib/meta';
import { keptLoaderData } from '../lib/kept-loader-data';
import { useShop } from '../lib/use-shop';
import { WishlistButton } from '../wishlist/WishlistButton';

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
  const { product, reviews } = loaderData;
  const shop = useShop();
  const navigate = useNavigate();
  const addToCart = async (quantity: number) => {
    await dispatchCart({ type: 'add', item: product, quantity }, shop);
    navigate('/cart');
  };
  return (
    <ProductView
      product={product}
      reviews={reviews}
      onAddToCart={addToCart}
      wishButton={<WishlistButton product={product} className="size-11 border border-stone-300 hover:bg-brand-50" />}
    />
  );
}

export function ErrorBoundary() {
  return <CatalogError />;
}
