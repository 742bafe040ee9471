import { adminMeta } from '../admin/viewer';
import type { Route } from './+types/admin-team';
import { Team } from '../admin/Team';

export const meta: Route.MetaFunction = () => adminMeta('Team');

export default function AdminTeamPage() {
  return <Team />;
}
