import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from '../../core/contracts/zod';
import {
  ADMIN_MESSAGES,
  acceptInvitationEndpoint,
  adminPasswordSchema,
  invitationAuthenticatorEndpoint,
  invitationEndpoint,
} from '../../core/contracts/admin-session';
import { MESSAGES } from '../../core/contracts/fields';
import { PasswordField } from '../components/form/Field';
import { SubmitButton } from '../components/form/SubmitButton';
import { call, errorMessage } from '../lib/http';
import { useForm } from '../lib/form';
import { signInStep } from './api';
import { CodeForm, Enrolment, RecoveryCodes, codeSchema, toastOnly } from './AdminSignIn';
import { SignInCard, adminLinkClass } from './ui';

/** Where the acceptance stands: the link checked, a new password, the authenticator, then the recovery codes once. */
type Step =
  | { kind: 'checking' }
  | { kind: 'gone'; message: string }
  | { kind: 'password'; email: string }
  | { kind: 'enrol'; email: string; password: string; otpauthUri: string }
  | { kind: 'recovery-codes'; codes: string[] };

const passwordSchema = z
  .object({ password: adminPasswordSchema, confirmPassword: z.string() })
  .refine(({ password, confirmPassword }) => password === confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDiffer,
  });

function PasswordStep({ token, email, onReady }: { token: string; email: string; onReady: (step: Step) => void }) {
  const form = useForm(passwordSchema, toastOnly);
  const submit = form.handleSubmit(async ({ password }) => {
    const { otpauthUri } = await signInStep(invitationAuthenticatorEndpoint, { password }, undefined, { token });
    onReady({ kind: 'enrol', email, password, otpauthUri });
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <p className="text-sm text-stone-800">
        You are invited to the back office as <strong className="break-all">{email}</strong>. Choose a new password of
        at least 15 characters; a long phrase is easiest to remember. Any password this e-mail had before stops working.
      </p>
      {/* For the browser's password manager: the account the new password belongs to. */}
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <PasswordField label="New password" required autoComplete="new-password" {...form.field('password')} />
      <PasswordField
        label="The same password again"
        required
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
      <SubmitButton busy={form.busy} busyLabel="Checking...">
        Continue
      </SubmitButton>
    </form>
  );
}

function EnrolStep({
  token,
  step,
  onAccepted,
}: {
  token: string;
  step: Extract<Step, { kind: 'enrol' }>;
  onAccepted: (codes: string[]) => void;
}) {
  const form = useForm(codeSchema, toastOnly);
  return (
    <div className="space-y-4">
      <Enrolment otpauthUri={step.otpauthUri} />
      <CodeForm
        form={form}
        name="code"
        label="6-digit code from your authenticator app"
        input={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 }}
        submitLabel="Accept the invitation"
        onCode={async ({ code }) => {
          const body = { password: step.password, code };
          const { recoveryCodes } = await signInStep(acceptInvitationEndpoint, body, undefined, { token });
          onAccepted(recoveryCodes);
        }}
      />
    </div>
  );
}

/**
 * /admin/invitation/:token (decision 0048): a staff invitation's link. Nothing changes until the last step: a new
 * password, the authenticator's first code, then the recovery codes, and on to sign in.
 */
export function AcceptInvitation({ shopName, token }: { shopName: string; token: string }) {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  useEffect(() => {
    let current = true;
    call(invitationEndpoint, { params: { token } }).then(
      ({ email }) => current && setStep({ kind: 'password', email }),
      (error: unknown) =>
        current && setStep({ kind: 'gone', message: errorMessage(error, ADMIN_MESSAGES.invitationGone) }),
    );
    return () => {
      current = false;
    };
  }, [token]);
  const headings = {
    checking: 'Your invitation',
    gone: 'This link no longer works',
    password: 'Choose a new password',
    enrol: 'Set up two-step sign-in',
    'recovery-codes': 'Save your recovery codes',
  } as const;
  return (
    <SignInCard shopName={shopName} heading={headings[step.kind]}>
      {step.kind === 'checking' && <p role="status">Checking your invitation...</p>}
      {step.kind === 'gone' && (
        <div className="space-y-4">
          <p role="alert">{step.message}</p>
          <a href="/admin/sign-in" className={adminLinkClass}>
            Back-office sign-in
          </a>
        </div>
      )}
      {step.kind === 'password' && <PasswordStep token={token} email={step.email} onReady={setStep} />}
      {step.kind === 'enrol' && (
        <EnrolStep token={token} step={step} onAccepted={(codes) => setStep({ kind: 'recovery-codes', codes })} />
      )}
      {step.kind === 'recovery-codes' && (
        <RecoveryCodes codes={step.codes} onSaved={() => void navigate('/admin/sign-in', { replace: true })} />
      )}
    </SignInCard>
  );
}
