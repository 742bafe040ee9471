import type { Route } from './+types/team';
import {
  addStaffEndpoint,
  addStaffSchema,
  adminTeamEndpoint,
  removeAdminEndpoint,
  resendInvitationEndpoint,
  revokeInvitationEndpoint,
} from '../../../core/contracts/admin-session';
import { bodyOf, change, read, unknownForm } from '../../admin/api.server';
import { INTENT } from '../../admin/change-form';
import { TEAM_INTENTS, Team } from '../../admin/Team';
import { AdminPageError } from '../../admin/ui';
import { adminMeta, adminOrNotFound } from '../../admin/viewer';

/** /admin/team: the owner's; staff see a note instead (the API would refuse them). */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await adminOrNotFound(args.context, args.request);
  return { team: viewer.role === 'owner' ? await read(args, adminTeamEndpoint) : null };
}

/** The owner's changes: invite staff, resend or revoke an invitation, remove an admin (the API refuses staff). */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const submitted = { ...args, form };
  const params = { userId: String(form.get('userId') ?? '') };
  const email = String(form.get('email') ?? '');
  switch (form.get(INTENT)) {
    case TEAM_INTENTS.add:
      return change(submitted, addStaffEndpoint, {
        body: bodyOf(addStaffSchema, form),
        done: ({ invitation }) => `Invitation sent to ${invitation.email}`,
      });
    case TEAM_INTENTS.resend:
      return change(submitted, resendInvitationEndpoint, { params, done: () => `New invitation sent to ${email}` });
    case TEAM_INTENTS.revoke:
      return change(submitted, revokeInvitationEndpoint, { params, done: () => `${email}'s invitation revoked` });
    case TEAM_INTENTS.remove:
      return change(submitted, removeAdminEndpoint, { params, done: () => `${email} removed` });
    default:
      return unknownForm(form);
  }
}

export const meta: Route.MetaFunction = () => adminMeta('Team');

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  return <Team team={loaderData.team} />;
}

export const ErrorBoundary = () => <AdminPageError title="Team" />;
