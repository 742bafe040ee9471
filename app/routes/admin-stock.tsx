import { adminMeta } from '../admin/viewer';
import type { Route } from './+types/admin-stock';
import { Stock } from '../admin/Stock';

export const meta: Route.MetaFunction = () => adminMeta('Stock');

export default function AdminStockPage() {
  return <Stock />;
}
