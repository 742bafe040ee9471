import type { Route } from './+types/product';
import { adminCategoriesEndpoint, adminProductEndpoint } from '../../../core/contracts/admin-products';
import { pageParam, read } from '../../admin/api.server';
import { ProductEditor } from '../../admin/ProductEditor';
import { AdminPageError } from '../../admin/ui';
import { adminMeta } from '../../admin/viewer';

const PRODUCT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /admin/products/:productId: the product with its images, and the categories to choose from. */
export async function loader(args: Route.LoaderArgs) {
  const productId = pageParam(args.params.productId, PRODUCT_ID);
  const [{ product }, { categories }] = await Promise.all([
    read(args, adminProductEndpoint, { params: { productId } }),
    read(args, adminCategoriesEndpoint),
  ]);
  return { product, categories };
}

export const meta: Route.MetaFunction = () => adminMeta('Product');

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  return <ProductEditor product={loaderData.product} categories={loaderData.categories} />;
}

export const ErrorBoundary = () => <AdminPageError title="Product" />;
