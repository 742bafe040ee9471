import { adminMeta } from '../admin/viewer';
import type { Route } from './+types/admin-dashboard';
import { Dashboard } from '../admin/Dashboard';

export const meta: Route.MetaFunction = () => adminMeta('Dashboard');

export default function AdminDashboardPage() {
  return <Dashboard />;
}
