import type { Route } from './+types/dashboard';
import { dashboardEndpoint } from '../../../core/contracts/admin-dashboard';
import { read } from '../../admin/api.server';
import { Dashboard } from '../../admin/Dashboard';
import { AdminPageError } from '../../admin/ui';
import { adminMeta } from '../../admin/viewer';

/** /admin: whichever sections the server's dashboard answers, in its order. */
export const loader = (args: Route.LoaderArgs) => read(args, dashboardEndpoint);

export const meta: Route.MetaFunction = () => adminMeta('Dashboard');

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  return <Dashboard sections={loaderData.sections} />;
}

export const ErrorBoundary = () => <AdminPageError title="Dashboard" />;
