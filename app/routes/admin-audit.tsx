import { adminMeta } from '../admin/viewer';
import type { Route } from './+types/admin-audit';
import { AuditLog } from '../admin/AuditLog';

export const meta: Route.MetaFunction = () => adminMeta('Audit log');

export default function AdminAuditLogPage() {
  return <AuditLog />;
}
