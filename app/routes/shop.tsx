import type { Route } from './+types/shop';
import { toProductCard } from '../../core/product';
import { pageMeta } from '../lib/meta';
import { keptLoaderData } from '../lib/kept-loader-data';
import { CatalogError } from '../catalog/CatalogError';
import { ProductGrid } from '../catalog/ProductGrid';
import { cardHeart } from '../wishlist/WishlistButton';

export async function loader({ context }: Route.LoaderArgs) {
  return { products: (await context.catalog.listProducts()).map(toProductCard) };
}

export const clientLoader = (args: Route.ClientLoaderArgs) => keptLoaderData(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Shop our latest products',
    description:
      'Browse handcrafted wall art, lamps, vases and collectible toys. Prices in rupees, cash on delivery across India.',
    path: '/shop',
  });

export default function Shop({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-8 text-center text-2xl font-semibold md:text-3xl">Shop Our Latest Products</h1>
      <ProductGrid products={loaderData.products} priorityCount={2} titleLevel="h2" cardAction={cardHeart} />
    </section>
  );
}

export function ErrorBoundary() {
  return <CatalogError />;
}
