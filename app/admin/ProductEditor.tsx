import { Link } from 'react-router';
import { adminProductEndpoint } from '../../core/contracts/admin-products';
import { useAdminQuery } from './api';
import { ProductForm } from './ProductForm';
import { ProductImages, ProductVisibility } from './ProductImages';
import { Loaded, PageHeading, adminLinkClass } from './ui';

const BackToProducts = () => (
  <Link to="/admin/products" className={adminLinkClass}>
    All products
  </Link>
);

/** /admin/products/new: the details and opening stock; images follow on the product's own page. */
export function NewProduct() {
  return (
    <>
      <PageHeading title="New product">
        <BackToProducts />
      </PageHeading>
      <ProductForm product={null} />
    </>
  );
}

/** /admin/products/<id>: its visibility, details and images, each saved on its own. */
export function ProductEditor({ productId }: { productId: string }) {
  const query = useAdminQuery(adminProductEndpoint, { params: { productId } });
  const changed = (product: NonNullable<typeof query.data>['product']) => query.setData({ product });
  return (
    <Loaded query={query}>
      {({ product }) => (
        <>
          <PageHeading title={product.title}>
            <BackToProducts />
          </PageHeading>
          <div className="space-y-6">
            <ProductVisibility product={product} onChanged={changed} />
            <ProductForm key={product._id} product={product} onSaved={changed} />
            <ProductImages product={product} onChanged={changed} />
          </div>
        </>
      )}
    </Loaded>
  );
}
