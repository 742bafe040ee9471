import { useState } from 'react';
import {
  addStaffEndpoint,
  addStaffSchema,
  adminTeamEndpoint,
  removeAdminEndpoint,
} from '../../core/contracts/admin-session';
import { EmailField, Field, PasswordField } from '../components/form/Field';
import { SubmitButton } from '../components/form/SubmitButton';
import { useForm } from '../lib/form';
import { toast } from '../lib/toast';
import { change, changeOrToast, useAdminQuery } from './api';
import { useAdminViewer } from './viewer';
import { Badge, Card, Loaded, PageHeading, When, smallButtonClass } from './ui';

function AddStaff({ onAdded }: { onAdded: () => void }) {
  const { csrfToken } = useAdminViewer();
  const form = useForm(addStaffSchema, { onFailure: toast.error, onInvalid: toast.error });
  const submit = form.handleSubmit(async (body) => {
    const { admin } = await change(csrfToken, addStaffEndpoint, { body });
    toast.success(`${admin.email} added: they set up their authenticator at first sign-in`);
    form.setValues({ email: '', fullname: '', password: '' });
    onAdded();
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <h2 className="text-lg font-semibold">Add a staff admin</h2>
      <EmailField label="Email" required {...form.field('email')} />
      <Field label="Full name" autoComplete="off" required {...form.field('fullname')} />
      <PasswordField
        label="Password (for a new account; an existing one keeps its own)"
        autoComplete="new-password"
        {...form.field('password')}
      />
      <SubmitButton busy={form.busy} busyLabel="Adding...">
        Add staff admin
      </SubmitButton>
    </form>
  );
}

/** /admin/team (owner): the shop's admins; add a staff admin, remove one. */
export function Team() {
  const viewer = useAdminViewer();
  const query = useAdminQuery(adminTeamEndpoint, {});
  const [busy, setBusy] = useState(false);
  if (viewer.role !== 'owner')
    return (
      <>
        <PageHeading title="Team" />
        <p>Only the shop owner can manage admins.</p>
      </>
    );
  const remove = async (userId: string, email: string) => {
    if (!window.confirm(`Remove ${email}'s back-office access?`)) return;
    setBusy(true);
    const done = await changeOrToast(
      () => change(viewer.csrfToken, removeAdminEndpoint, { params: { userId } }),
      `${email} removed`,
    );
    setBusy(false);
    if (done) query.reload();
  };
  return (
    <>
      <PageHeading title="Team" />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <Loaded query={query}>
          {({ admins }) => (
            <ul className="space-y-3">
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
          )}
        </Loaded>
        <Card>
          <AddStaff onAdded={query.reload} />
        </Card>
      </div>
    </>
  );
}
