import type { Route } from './+types/products';
import { adminCategoriesEndpoint, adminProductListEndpoint } from '../../../core/contracts/admin-products';
import { read, searchInput } from '../../admin/api.server';
import { ProductList } from '../../admin/ProductList';
import { AdminPageError } from '../../admin/ui';
import { adminMeta } from '../../admin/viewer';

/** /admin/products: newest first, by words, category, stock and visibility. */
export async function loader(args: Route.LoaderArgs) {
  const query = searchInput(args.request, ['q', 'category', 'stock', 'hidden', 'before']);
  const [list, { categories }] = await Promise.all([
    read(args, adminProductListEndpoint, { query }),
    read(args, adminCategoriesEndpoint),
  ]);
  return { list, categories };
}

export const meta: Route.MetaFunction = () => adminMeta('Products');

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  return <ProductList data={loaderData.list} categories={loaderData.categories} />;
}

export const ErrorBoundary = () => <AdminPageError title="Products" />;
