import { adminMeta } from '../admin/viewer';
import type { Route } from './+types/admin-message';
import { Thread } from '../admin/Thread';

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Ticket #${params.ticketNumber}`);

export default function AdminThreadPage({ params }: Route.ComponentProps) {
  return <Thread key={params.ticketNumber} ticketNumber={params.ticketNumber} />;
}
