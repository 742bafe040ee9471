import type { Route } from './+types/stock';
import { lowStockEndpoint, stockMovementsEndpoint } from '../../../core/contracts/admin-stock';
import { productListEndpoint } from '../../../core/contracts/catalog';
import { read, searchInput } from '../../admin/api.server';
import { Stock } from '../../admin/Stock';
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

export const meta: Route.MetaFunction = () => adminMeta('Stock');

export default function StockPage({ loaderData }: Route.ComponentProps) {
  return <Stock {...loaderData} />;
}

export const ErrorBoundary = () => <AdminPageError title="Stock" />;
