import type { Route } from './+types/stock';
import {
  adjustStockEndpoint,
  lowStockEndpoint,
  lowStockThresholdEndpoint,
  stockAdjustmentSchema,
  stockMovementsEndpoint,
} from '../../../core/contracts/admin-stock';
import { productListEndpoint } from '../../../core/contracts/catalog';
import { bodyOf, change, read, searchInput, unknownForm } from '../../admin/api.server';
import { INTENT } from '../../admin/change-form';
import { STOCK_INTENTS, Stock, thresholdSaved } from '../../admin/Stock';
import { AdminPageError } from '../../admin/ui';
import { adminMeta } from '../../admin/viewer';

/** /admin/stock: the products to choose from, the low-stock list, and the chosen product's ledger. */
export async function loader(args: Route.LoaderArgs) {
  const { product: productId, before } = searchInput(args.request, ['product', 'before']);
  const [catalogue, low, movements] = await Promise.all([
    read(args, productListEndpoint),
    read(args, lowStockEndpoint),
    productId ? read(args, stockMovementsEndpoint, { params: { productId }, query: before ? { before } : {} }) : null,
  ]);
  return { products: catalogue.products, lowStock: low.products, movements };
}

/** A product's adjustment or threshold, each a number as the contract takes it. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const submitted = { ...args, form };
  const params = { productId: String(form.get('productId') ?? '') };
  switch (form.get(INTENT)) {
    case STOCK_INTENTS.adjust:
      return change(submitted, adjustStockEndpoint, {
        params,
        body: bodyOf(stockAdjustmentSchema, form),
        done: ({ countInStock }) => `Stock is now ${countInStock}`,
      });
    case STOCK_INTENTS.threshold:
      return change(submitted, lowStockThresholdEndpoint, {
        params,
        body: bodyOf(lowStockThresholdEndpoint.body, form),
        done: thresholdSaved,
      });
    default:
      return unknownForm(form);
  }
}

export const meta: Route.MetaFunction = () => adminMeta('Stock');

export default function StockPage({ loaderData }: Route.ComponentProps) {
  return <Stock {...loaderData} />;
}

export const ErrorBoundary = () => <AdminPageError title="Stock" />;
