import { adminMeta } from '../admin/viewer';
import type { Route } from './+types/admin-messages';
import { Inbox } from '../admin/Inbox';

export const meta: Route.MetaFunction = () => adminMeta('Messages');

export default function AdminInboxPage() {
  return <Inbox />;
}
