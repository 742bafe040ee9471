import type { Route } from './+types/product';
import {
  adminCategoriesEndpoint,
  adminProductEndpoint,
  arrangeProductImagesEndpoint,
  hideProductEndpoint,
  productImagesFormData,
  unhideProductEndpoint,
  updateProductEndpoint,
  uploadProductImagesEndpoint,
} from '../../../core/contracts/admin-products';
import { change, pageParam, read, unknownForm } from '../../admin/api.server';
import { INTENT } from '../../admin/change-form';
import { ProductEditor } from '../../admin/ProductEditor';
import { productBody } from '../../admin/product-form';
import { PRODUCT_INTENTS } from '../../admin/ProductImages';
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

/** The product's details, visibility and images. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const params = { productId: pageParam(args.params.productId, PRODUCT_ID) };
  const submitted = { ...args, form };
  switch (form.get(INTENT)) {
    case PRODUCT_INTENTS.details:
      return change(submitted, updateProductEndpoint, { params, body: productBody(form), done: () => 'Product saved' });
    case PRODUCT_INTENTS.hide:
      return change(submitted, hideProductEndpoint, { params, done: () => 'Product hidden' });
    case PRODUCT_INTENTS.unhide:
      return change(submitted, unhideProductEndpoint, { params, done: () => 'Product shown in the shop' });
    case PRODUCT_INTENTS.upload: {
      const files = form.getAll('files').filter((file): file is File => file instanceof File && file.size > 0);
      const alt = String(form.get('alt') ?? '').trim();
      return change(submitted, uploadProductImagesEndpoint, {
        params,
        body: productImagesFormData(files, alt ? [alt] : []),
        done: () => 'Images uploaded',
      });
    }
    case PRODUCT_INTENTS.arrange: {
      const alts = form.getAll('alt').map(String);
      const images = form.getAll('key').map((key, index) => ({ key: String(key), alt: alts[index] ?? '' }));
      return change(submitted, arrangeProductImagesEndpoint, { params, body: { images }, done: () => 'Images saved' });
    }
    default:
      return unknownForm(form);
  }
}

export const meta: Route.MetaFunction = () => adminMeta('Product');

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  return <ProductEditor product={loaderData.product} categories={loaderData.categories} />;
}

export const ErrorBoundary = () => <AdminPageError title="Product" />;
