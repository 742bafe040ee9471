import type { Route } from './+types/team';
import { adminTeamEndpoint } from '../../../core/contracts/admin-session';
import { read } from '../../admin/api.server';
import { Team } from '../../admin/Team';
import { AdminPageError } from '../../admin/ui';
import { adminMeta, adminOrNotFound } from '../../admin/viewer';

/** /admin/team: the owner's; staff see a note instead (the API would refuse them). */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await adminOrNotFound(args.context, args.request);
  return { team: viewer.role === 'owner' ? await read(args, adminTeamEndpoint) : null };
}

export const meta: Route.MetaFunction = () => adminMeta('Team');

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  return <Team team={loaderData.team} />;
}

export const ErrorBoundary = () => <AdminPageError title="Team" />;
