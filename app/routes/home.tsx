import type { Route } from './+types/route';
import { toProductCard } from '../../../core/product';
import { pageMeta, rootData } from '../../lib/meta';
import { ProductGrid } from '../../components/product/ProductGrid';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { CatalogError } from '../../components/CatalogError';
import { PromoCarousel } from './PromoCarousel';
import { Link } from 'react-router';

/** The home page shows the newest products; the full catalogue is on /shop. */
const HOME_PRODUCT_COUNT = 12;

export async function loader({ context }: Route.LoaderArgs) {
  const [products, banners] = await Promise.all([context.catalog.listProducts(), context.catalog.getBanners()]);
  return { products: products.slice(0, HOME_PRODUCT_COUNT).map(toProductCard), banners };
}

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
      <section className="mx-auto max-w-7xl px-4 pt-12" aria-labelledby="latest-heading">
        <h2 id="latest-heading" className="mb-8 text-center text-2xl font-semibold md:text-3xl">
          Latest Products in Store
        </h2>
        <ProductGrid products={products} />
        <p className="mt-10 text-center">
          <Link to="/shop" className="btn-secondary">
            View all products
          </Link>
        </p>
      </section>
      <section className="mx-auto max-w-7xl px-4 pt-16" aria-labelledby="snapshots-heading">
        <h2 id="snapshots-heading" className="mb-8 text-center text-2xl font-semibold md:text-3xl">
          Product SnapShots
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          {banners.snapshot.map((image) => (
            <ResponsiveImage
              key={image.src}
              src={image.src}
              alt={image.alt}
              width={1200}
              height={900}
              sizes="(min-width: 768px) 50vw, 100vw"
              className="h-auto w-full rounded-lg"
            />
          ))}
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <CatalogError />;
}
