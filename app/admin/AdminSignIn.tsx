import { useState, type InputHTMLAttributes } from 'react';
import { useNavigate } from 'react-router';
import { z } from '../../core/contracts/zod';
import {
  ADMIN_MESSAGES,
  adminSecondFactorEndpoint,
  adminSignInEndpoint,
  type AdminViewer,
} from '../../core/contracts/admin-session';
import { EmailField, Field, PasswordField } from '../components/form/Field';
import { SubmitButton } from '../components/form/SubmitButton';
import { useForm, type FieldName, type Form, type FormSchema } from '../lib/form';
import { toast } from '../lib/toast';
import { signInStep } from './api';
import { SignInCard, adminLinkClass } from './ui';

/** Where the sign-in stands: the password, then a code (or enrolment first), then the recovery codes once. */
type Step =
  | { kind: 'password' }
  | { kind: 'code'; csrfToken: string }
  | { kind: 'enrol'; csrfToken: string; otpauthUri: string }
  | { kind: 'recovery-codes'; codes: string[] };

export const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, ADMIN_MESSAGES.codeRequired),
});
const recoverySchema = z.object({
  recoveryCode: z.string().trim().min(8, ADMIN_MESSAGES.codeRequired).max(40, ADMIN_MESSAGES.codeRequired),
});

export const toastOnly = { onFailure: toast.error, onInvalid: toast.error };

function PasswordStep({ onSignedIn }: { onSignedIn: (answer: AdminViewer & { otpauthUri?: string }) => void }) {
  const form = useForm(adminSignInEndpoint.body, toastOnly);
  const submit = form.handleSubmit(async (body) => onSignedIn(await signInStep(adminSignInEndpoint, body)));
  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <EmailField label="Email" required autoComplete="username" {...form.field('email')} />
      <PasswordField label="Password" required autoComplete="current-password" {...form.field('password')} />
      <SubmitButton busy={form.busy} busyLabel="Signing in...">
        Sign in
      </SubmitButton>
    </form>
  );
}

/** One form of the second factor: its code field and its button. The form's state is the caller's. */
export function CodeForm<S extends FormSchema>({
  form,
  name,
  label,
  input,
  submitLabel,
  onCode,
}: {
  form: Form<S>;
  name: FieldName<S>;
  label: string;
  /** The field's own input attributes, e.g. what the browser may fill in. */
  input: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>;
  submitLabel: string;
  onCode: (body: z.output<S>) => Promise<void>;
}) {
  return (
    <form noValidate onSubmit={form.handleSubmit(onCode)} className="space-y-5">
      <Field label={label} required {...input} {...form.field(name)} />
      <SubmitButton busy={form.busy} busyLabel="Checking...">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

/** A 6-digit code from the authenticator, or, when asked, a recovery code in its place. */
function CodeStep({
  csrfToken,
  enrolling,
  onPassed,
}: {
  csrfToken: string;
  /** Enrolment's first code: there are no recovery codes yet. */
  enrolling: boolean;
  onPassed: (codes?: string[]) => void;
}) {
  const [recovery, setRecovery] = useState(false);
  // Both forms live here, so switching between them keeps what was typed in each.
  const codeForm = useForm(codeSchema, toastOnly);
  const recoveryForm = useForm(recoverySchema, toastOnly);
  const send = async (body: { code: string } | { recoveryCode: string }) => {
    const answer = await signInStep(adminSecondFactorEndpoint, body, csrfToken);
    onPassed(answer.recoveryCodes);
  };
  return (
    <div className="space-y-4">
      {recovery ? (
        <CodeForm
          form={recoveryForm}
          name="recoveryCode"
          label="Recovery code"
          input={{ autoComplete: 'off', autoCapitalize: 'none', spellCheck: false }}
          submitLabel="Use recovery code"
          onCode={send}
        />
      ) : (
        <CodeForm
          form={codeForm}
          name="code"
          label="6-digit code from your authenticator app"
          input={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 }}
          submitLabel="Continue"
          onCode={send}
        />
      )}
      {!enrolling && (
        <button type="button" className={adminLinkClass} onClick={() => setRecovery((value) => !value)}>
          {recovery ? 'Use a code from the authenticator app' : 'Use a recovery code instead'}
        </button>
      )}
    </div>
  );
}

/** The authenticator's set-up, shown this once: the otpauth:// link, its text, and the secret alone. */
export function Enrolment({ otpauthUri }: { otpauthUri: string }) {
  const secret = new URL(otpauthUri).searchParams.get('secret') ?? '';
  return (
    <div className="space-y-3 rounded-md bg-amber-50 p-4 text-sm text-stone-900">
      <p className="font-semibold">Set up your authenticator app. This is shown only once.</p>
      <p>
        On a phone, open{' '}
        <a href={otpauthUri} className={adminLinkClass}>
          this set-up link
        </a>{' '}
        with the authenticator app, or add the account by hand with this key:
      </p>
      <p>
        <code className="block break-all rounded bg-white p-2 font-mono text-base tracking-wider">{secret}</code>
      </p>
      <p>The whole set-up address, to copy into an app on another device:</p>
      <code className="block break-all rounded bg-white p-2 font-mono text-xs">{otpauthUri}</code>
      <p>Then enter the app&apos;s first code below.</p>
    </div>
  );
}

export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-800">
        Keep these ten recovery codes somewhere safe. Each signs you in once without the authenticator app. They are
        shown only now.
      </p>
      <ol className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded bg-stone-100 px-2 py-1 break-all">
            {code}
          </li>
        ))}
      </ol>
      <button type="button" className="btn-primary w-full" onClick={onSaved}>
        I have saved these codes
      </button>
    </div>
  );
}

/** /admin/sign-in (decision 0033): password, then TOTP (enrolled at the first sign-in) or a recovery code. */
export function AdminSignIn({ shopName }: { shopName: string }) {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const enter = () => void navigate('/admin', { replace: true });
  const passed = (codes?: string[]) => (codes ? setStep({ kind: 'recovery-codes', codes }) : enter());
  const signedIn = ({ stage, csrfToken, otpauthUri }: AdminViewer & { otpauthUri?: string }) => {
    if (stage === 'complete') enter();
    else if (stage === 'enrol' && otpauthUri) setStep({ kind: 'enrol', csrfToken, otpauthUri });
    else setStep({ kind: 'code', csrfToken });
  };
  const headings = {
    password: 'Sign in to the back office',
    code: 'Enter your code',
    enrol: 'Set up two-step sign-in',
    'recovery-codes': 'Save your recovery codes',
  } as const;
  return (
    <SignInCard shopName={shopName} heading={headings[step.kind]}>
      {step.kind === 'password' && <PasswordStep onSignedIn={signedIn} />}
      {step.kind === 'enrol' && <Enrolment otpauthUri={step.otpauthUri} />}
      {(step.kind === 'code' || step.kind === 'enrol') && (
        <CodeStep csrfToken={step.csrfToken} enrolling={step.kind === 'enrol'} onPassed={passed} />
      )}
      {step.kind === 'recovery-codes' && <RecoveryCodes codes={step.codes} onSaved={enter} />}
    </SignInCard>
  );
}
