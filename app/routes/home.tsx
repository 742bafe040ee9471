import type { Route } from './+types/home';
import { HOME_PRODUCT_COUNT, toProductCard } from '../../core/product';
import { CatalogError } from '../catalog/CatalogError';
import { LatestProducts, ProductSnapshots } from '../catalog/HomeSections';
import { PromoCarousel } from '../catalog/PromoCarousel';
import { pageMeta, rootData } from '../lib/meta';
import { keptLoaderData } from '../lib/kept-loader-data';
import { cardHeart } from '../wishlist/WishlistButton';

export async function loader({ context }: Route.LoaderArgs) {
  const [products, banners] = await Promise.all([context.catalog.listProducts(), context.catalog.getBanners()]);
  return { products: products.slice(0, HOME_PRODUCT_COUNT).map(toProductCard), banners };
}

export const clientLoader = (args: Route.ClientLoaderArgs) => keptLoaderData(args);

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const shopName = rootData(matches)?.shop.name ?? '';
  return pageMeta({
    matches,
    title: `${shopName}: home decor and collectible toys`,
    description:
      'Stylish, modern, elegant pieces to beautify your space and reflect your unique taste. Wall art, lighting, accents and collectible toys, with cash on delivery across India.',
    path: '/',
    image: data?.banners.carousel[0]?.src,
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { products, banners } = loaderData;
  return (
    <>
      <PromoCarousel images={banners.carousel} />
      <LatestProducts products={products} cardAction={cardHeart} />
      <ProductSnapshots images={banners.snapshot} />
    </>
  );
}

export function ErrorBoundary() {
  return <CatalogError />;
}
