import type { Route } from './+types/audit';
import { auditLogEndpoint } from '../../../core/contracts/admin-audit';
import { read, searchInput } from '../../admin/api.server';
import { AuditLog } from '../../admin/AuditLog';
import { AdminPageError } from '../../admin/ui';
import { adminMeta } from '../../admin/viewer';

const FILTERS = ['admin', 'action', 'targetType', 'targetId', 'from', 'to', 'before'];

/** /admin/audit: every admin action, newest first, by admin, action and dates, a page at a time. */
export const loader = (args: Route.LoaderArgs) =>
  read(args, auditLogEndpoint, { query: searchInput(args.request, FILTERS) });

export const meta: Route.MetaFunction = () => adminMeta('Audit log');

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  return <AuditLog data={loaderData} />;
}

export const ErrorBoundary = () => <AdminPageError title="Audit log" />;
