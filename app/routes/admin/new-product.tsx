import type { Route } from './+types/new-product';
import { adminCategoriesEndpoint } from '../../../core/contracts/admin-products';
import { read } from '../../admin/api.server';
import { NewProduct } from '../../admin/ProductEditor';
import { AdminPageError } from '../../admin/ui';
import { adminMeta } from '../../admin/viewer';

/** /admin/products/new: the details and opening stock, with the categories to choose from. */
export const loader = (args: Route.LoaderArgs) => read(args, adminCategoriesEndpoint);

export const meta: Route.MetaFunction = () => adminMeta('New product');

export default function NewProductPage({ loaderData }: Route.ComponentProps) {
  return <NewProduct categories={loaderData.categories} />;
}

export const ErrorBoundary = () => <AdminPageError title="New product" />;
