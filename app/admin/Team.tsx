import { useState } from 'react';
import { useRevalidator } from 'react-router';
import {
  addStaffEndpoint,
  addStaffSchema,
  adminTeamEndpoint,
  removeAdminEndpoint,
  resendInvitationEndpoint,
  revokeInvitationEndpoint,
} from '../../core/contracts/admin-session';
import type { Answer } from '../../core/contracts/endpoint';
import { EmailField, Field } from '../components/form/Field';
import { SubmitButton } from '../components/form/SubmitButton';
import { useForm } from '../lib/form';
import { toast } from '../lib/toast';
import { change, changeOrToast } from './api';
import { useAdminViewer } from './viewer';
import { Badge, Card, PageHeading, When, smallButtonClass } from './ui';

function AddStaff({ onAdded }: { onAdded: () => void }) {
  const { csrfToken } = useAdminViewer();
  const form = useForm(addStaffSchema, { onFailure: toast.error, onInvalid: toast.error });
  const submit = form.handleSubmit(async (body) => {
    const { invitation } = await change(csrfToken, addStaffEndpoint, { body });
    toast.success(`Invitation sent to ${invitation.email}`);
    form.setValues({ email: '', fullname: '' });
    onAdded();
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <h2 className="text-lg font-semibold">Invite a staff admin</h2>
      <p className="text-sm text-stone-700">
        They get an e-mail with a link that works once. They have no access until they follow it, choose a new password
        and set up an authenticator app.
      </p>
      <EmailField label="Email" required {...form.field('email')} />
      <Field label="Full name" autoComplete="off" required {...form.field('fullname')} />
      <SubmitButton busy={form.busy} busyLabel="Sending...">
        Send invitation
      </SubmitButton>
    </form>
  );
}

type Invitation = Answer<typeof adminTeamEndpoint>['invitations'][number];

/** A pending invitation: until when its link works, and the owner's Resend and Revoke. */
function InvitationCard({
  invitation,
  busy,
  onChange,
}: {
  invitation: Invitation;
  busy: boolean;
  onChange: (task: () => Promise<unknown>, success: string) => void;
}) {
  const { csrfToken } = useAdminViewer();
  const { userId, email } = invitation;
  const expired = new Date(invitation.expiresAt).getTime() <= Date.now();
  const params = { params: { userId } };
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
        <button
          type="button"
          disabled={busy}
          className={smallButtonClass}
          onClick={() =>
            onChange(() => change(csrfToken, resendInvitationEndpoint, params), `New invitation sent to ${email}`)
          }
        >
          Resend<span className="sr-only"> the invitation to {email}</span>
        </button>
        <button
          type="button"
          disabled={busy}
          className={smallButtonClass}
          onClick={() => {
            if (window.confirm(`Revoke ${email}'s invitation? Its link stops working.`))
              onChange(() => change(csrfToken, revokeInvitationEndpoint, params), `${email}'s invitation revoked`);
          }}
        >
          Revoke<span className="sr-only"> the invitation to {email}</span>
        </button>
      </div>
    </Card>
  );
}

/** /admin/team (owner): the shop's admins and invitations; invite a staff admin, resend, revoke, remove. */
export function Team({ team }: { team: Answer<typeof adminTeamEndpoint> | null }) {
  const viewer = useAdminViewer();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  if (viewer.role !== 'owner' || !team)
    return (
      <>
        <PageHeading title="Team" />
        <p>Only the shop owner can manage admins.</p>
      </>
    );
  const { admins, invitations } = team;
  // One change at a time; the list is read again after each that worked.
  const run = (task: () => Promise<unknown>, success: string) => {
    setBusy(true);
    void changeOrToast(task, success).then((done) => {
      setBusy(false);
      if (done) void revalidate();
    });
  };
  const remove = (userId: string, email: string) => {
    if (window.confirm(`Remove ${email}'s back-office access?`))
      run(() => change(viewer.csrfToken, removeAdminEndpoint, { params: { userId } }), `${email} removed`);
  };
  return (
    <>
      <PageHeading title="Team" />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <ul className="space-y-3">
          {invitations.map((invitation) => (
            <li key={invitation.userId}>
              <InvitationCard invitation={invitation} busy={busy} onChange={run} />
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
                  <button
                    type="button"
                    disabled={busy}
                    className={smallButtonClass}
                    onClick={() => void remove(admin.userId, admin.email)}
                  >
                    Remove<span className="sr-only"> {admin.email}</span>
                  </button>
                )}
              </Card>
            </li>
          ))}
        </ul>
        <Card>
          <AddStaff onAdded={() => void revalidate()} />
        </Card>
      </div>
    </>
  );
}
