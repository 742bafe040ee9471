import { useRef, type FormEvent, type ReactNode } from 'react';
import type { adminTeamEndpoint } from '../../core/contracts/admin-session';
import { EmailField, Field } from '../components/form/Field';
import { SubmitButton } from '../components/form/SubmitButton';
import type { Success } from './api';
import { Form } from 'react-router';
import { ChangeFields, useChangeForm, useChangeToasts } from './change-form';
import { useAdminViewer } from './viewer';
import { Badge, Card, PageHeading, When, smallButtonClass } from './ui';

/** The team page's forms, by the intent each sends (routes/admin/team.tsx). */
export const TEAM_INTENTS = { add: 'add', resend: 'resend', revoke: 'revoke', remove: 'remove' } as const;

function AddStaff() {
  const form = useRef<HTMLFormElement>(null);
  const { busy } = useChangeForm(TEAM_INTENTS.add, () => form.current?.reset());
  return (
    <Form ref={form} method="post" noValidate className="space-y-4">
      <ChangeFields form={TEAM_INTENTS.add} intent={TEAM_INTENTS.add} />
      <h2 className="text-lg font-semibold">Invite a staff admin</h2>
      <p className="text-sm text-stone-700">
        They get an e-mail with a link that works once. They have no access until they follow it, choose a new password
        and set up an authenticator app.
      </p>
      <EmailField label="Email" name="email" required />
      <Field label="Full name" name="fullname" autoComplete="off" required />
      <SubmitButton busy={busy} busyLabel="Sending...">
        Send invitation
      </SubmitButton>
    </Form>
  );
}

/**
 * One button that changes an admin or an invitation, after the owner confirms where `confirm` asks; the e-mail
 * goes with it for the toast's words.
 */
function AdminButton({
  intent,
  userId,
  email,
  confirm,
  children,
}: {
  intent: (typeof TEAM_INTENTS)['resend' | 'revoke' | 'remove'];
  userId: string;
  email: string;
  confirm?: string;
  children: ReactNode;
}) {
  const { busy } = useChangeForm(`${intent}-${userId}`);
  const confirmFirst = (event: FormEvent) => {
    if (confirm && !window.confirm(confirm)) event.preventDefault();
  };
  return (
    <Form method="post" onSubmit={confirmFirst}>
      <ChangeFields form={`${intent}-${userId}`} intent={intent} />
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="email" value={email} />
      <button type="submit" disabled={busy} className={smallButtonClass}>
        {children}
      </button>
    </Form>
  );
}

type Invitation = Success<typeof adminTeamEndpoint>['invitations'][number];

/** A pending invitation: until when its link works, and the owner's Resend and Revoke. */
function InvitationCard({ invitation }: { invitation: Invitation }) {
  const { userId, email } = invitation;
  const expired = new Date(invitation.expiresAt).getTime() <= Date.now();
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0 space-y-1">
        <p className="font-medium break-all">{email}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          <Badge tone="neutral">{invitation.role}</Badge>
          {expired ? (
            <Badge tone="bad">Invitation expired</Badge>
          ) : (
            <span>
              Invited, expires <When at={invitation.expiresAt} />
            </span>
          )}
        </p>
      </div>
      <div className="flex gap-2">
        <AdminButton intent={TEAM_INTENTS.resend} userId={userId} email={email}>
          Resend<span className="sr-only"> the invitation to {email}</span>
        </AdminButton>
        <AdminButton
          intent={TEAM_INTENTS.revoke}
          userId={userId}
          email={email}
          confirm={`Revoke ${email}'s invitation? Its link stops working.`}
        >
          Revoke<span className="sr-only"> the invitation to {email}</span>
        </AdminButton>
      </div>
    </Card>
  );
}

/** /admin/team (owner): the shop's admins and invitations; invite a staff admin, resend, revoke, remove. */
export function Team({ team }: { team: Success<typeof adminTeamEndpoint> | null }) {
  const viewer = useAdminViewer();
  useChangeToasts();
  if (viewer.role !== 'owner' || !team)
    return (
      <>
        <PageHeading title="Team" />
        <p>Only the shop owner can manage admins.</p>
      </>
    );
  // Each change posts to the page's action; its loader then reads the team again.
  const { admins, invitations } = team;
  return (
    <>
      <PageHeading title="Team" />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <ul className="space-y-3">
          {invitations.map((invitation) => (
            <li key={invitation.userId}>
              <InvitationCard invitation={invitation} />
            </li>
          ))}
          {admins.map((admin) => (
            <li key={admin.userId}>
              <Card className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium break-all">{admin.email}</p>
                  <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
                    <Badge tone={admin.role === 'owner' ? 'good' : 'neutral'}>{admin.role}</Badge>
                    {!admin.enrolled && <Badge tone="warning">Authenticator not set up</Badge>}
                    <span>
                      since <When at={admin.createdAt} />
                    </span>
                  </p>
                </div>
                {admin.email !== viewer.email && (
                  <AdminButton
                    intent={TEAM_INTENTS.remove}
                    userId={admin.userId}
                    email={admin.email}
                    confirm={`Remove ${admin.email}'s back-office access?`}
                  >
                    Remove<span className="sr-only"> {admin.email}</span>
                  </AdminButton>
                )}
              </Card>
            </li>
          ))}
        </ul>
        <Card>
          <AddStaff />
        </Card>
      </div>
    </>
  );
}
