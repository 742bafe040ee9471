import { Link } from 'react-router';
import { useChangeToasts } from './change-form';
import type { AdminProduct } from '../../core/contracts/admin-products';
import { ProductForm, type Categories } from './ProductForm';
import { PRODUCT_INTENTS, ProductImages, ProductVisibility } from './ProductImages';
import { PageHeading, adminLinkClass } from './ui';

const BackToProducts = () => (
  <Link to="/admin/products" className={adminLinkClass}>
    All products
  </Link>
);

/** /admin/products/new: the details and opening stock; images follow on the product's own page. */
export function NewProduct({ categories }: { categories: Categories }) {
  useChangeToasts({ inline: [PRODUCT_INTENTS.details] });
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
  useChangeToasts({ inline: [PRODUCT_INTENTS.details] });
  return (
    <>
      <PageHeading title={product.title}>
        <BackToProducts />
      </PageHeading>
      {/* Each part posts to the page's action; its loader then reads the product again, so each shows what was saved. */}
      <div className="space-y-6">
        <ProductVisibility product={product} />
        <ProductForm key={product._id} product={product} categories={categories} />
        <ProductImages product={product} />
      </div>
    </>
  );
}
