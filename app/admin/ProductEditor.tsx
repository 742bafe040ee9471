import { Link, useRevalidator } from 'react-router';
import type { AdminProduct } from '../../core/contracts/admin-products';
import { ProductForm, type Categories } from './ProductForm';
import { ProductImages, ProductVisibility } from './ProductImages';
import { PageHeading, adminLinkClass } from './ui';

const BackToProducts = () => (
  <Link to="/admin/products" className={adminLinkClass}>
    All products
  </Link>
);

/** /admin/products/new: the details and opening stock; images follow on the product's own page. */
export function NewProduct({ categories }: { categories: Categories }) {
  return (
    <>
      <PageHeading title="New product">
        <BackToProducts />
      </PageHeading>
      <ProductForm product={null} categories={categories} />
    </>
  );
}

/** /admin/products/<id>: its visibility, details and images, each saved on its own. */
export function ProductEditor({ product, categories }: { product: AdminProduct; categories: Categories }) {
  // Each change answers the product; the page's loader reads it again so every part shows what was saved.
  const { revalidate } = useRevalidator();
  const changed = () => void revalidate();
  return (
    <>
      <PageHeading title={product.title}>
        <BackToProducts />
      </PageHeading>
      <div className="space-y-6">
        <ProductVisibility product={product} onChanged={changed} />
        <ProductForm key={product._id} product={product} categories={categories} onSaved={changed} />
        <ProductImages product={product} onChanged={changed} />
      </div>
    </>
  );
}
