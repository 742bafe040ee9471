import { Link } from 'react-router';
import type { ProductCard } from '../../core/product';
import { ResponsiveImage } from '../components/ResponsiveImage';
import { ProductGrid, type ProductGridProps } from './ProductGrid';
import type { BannerImage } from '../../core/storefront';

/** The newest products, and the way to all of them. */
export function LatestProducts({
  products,
  cardAction,
}: { products: ProductCard[] } & Pick<ProductGridProps, 'cardAction'>) {
  return (
    <section className="mx-auto max-w-7xl px-4 pt-12" aria-labelledby="latest-heading">
      <h2 id="latest-heading" className="mb-8 text-center text-2xl font-semibold md:text-3xl">
        Latest Products in Store
      </h2>
      <ProductGrid products={products} cardAction={cardAction} />
      <p className="mt-10 text-center">
        <Link to="/shop" className="btn-secondary">
          View all products
        </Link>
      </p>
    </section>
  );
}

/** The catalogue's snapshot banners, two to a row on wider screens. */
export function ProductSnapshots({ images }: { images: BannerImage[] }) {
  return (
    <section className="mx-auto max-w-7xl px-4 pt-16" aria-labelledby="snapshots-heading">
      <h2 id="snapshots-heading" className="mb-8 text-center text-2xl font-semibold md:text-3xl">
        Product SnapShots
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {images.map((image) => (
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
  );
}
