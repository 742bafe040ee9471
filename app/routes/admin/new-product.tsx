import type { Route } from './+types/new-product';
import { adminCategoriesEndpoint, createProductEndpoint } from '../../../core/contracts/admin-products';
import { change, read } from '../../admin/api.server';
import { productBody } from '../../admin/product-form';
import { NewProduct } from '../../admin/ProductEditor';
import { AdminPageError } from '../../admin/ui';
import { adminMeta } from '../../admin/viewer';

/** /admin/products/new: the details and opening stock, with the categories to choose from. */
export const loader = (args: Route.LoaderArgs) => read(args, adminCategoriesEndpoint);

/** Creates the product, hidden, with its opening stock; the page then goes to the product's own page for images. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  return change({ ...args, form }, createProductEndpoint, {
    body: productBody(form),
    done: () => 'Product created: add its images, then show it in the shop',
    next: ({ product }) => `/admin/products/${product._id}`,
  });
}

export const meta: Route.MetaFunction = () => adminMeta('New product');

export default function NewProductPage({ loaderData }: Route.ComponentProps) {
  return <NewProduct categories={loaderData.categories} />;
}

export const ErrorBoundary = () => <AdminPageError title="New product" />;
