import type { FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { signInSchema, signUpSchema } from '../../core/contracts/account';
import { AuthCard } from '../components/AuthCard';
import { EmailField, Field, PasswordField } from '../components/form/Field';
import { FormAlert } from '../components/form/FormAlert';
import { SubmitButton } from '../components/form/SubmitButton';
import { linkClass } from '../components/link-styles';
import { useForm, type FieldBinding } from '../lib/form';
import { toast } from '../lib/toast';
import { useGoogleClientId } from '../lib/use-shop';
import { signIn, signUp } from './actions';
import { GoogleButton } from './GoogleButton';
import { useSession } from './session-store';

export type SignInMode = 'signin' | 'signup';

export const SIGN_IN_COPY = {
  signin: {
    path: '/signin',
    title: 'Sign in',
    description: 'Sign in to check out faster, follow your orders and review the pieces you bought.',
    submit: 'Sign in',
    busy: 'Signing in…',
    switchText: "Don't have an account?",
    switchLink: 'Register',
    switchTo: '/signup',
  },
  signup: {
    path: '/signup',
    title: 'Create an account',
    description: 'Create an account to save your addresses, see your orders and write product reviews.',
    submit: 'Create account',
    busy: 'Creating account…',
    switchText: 'Already have an account?',
    switchLink: 'Login',
    switchTo: '/signin',
  },
} as const;

export const signInModeOf = (pathname: string): SignInMode => (pathname.startsWith('/signup') ? 'signup' : 'signin');

/** Only a path on this site: '/x', never '//host' or '/\host', which browsers treat as another origin. */
function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : '/';
}

/** Failures show above the button and as a toast. */
const FAILURE = { onFailure: toast.error } as const;

export function SignInForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const form = useForm(signInSchema, FAILURE);
  const submit = form.handleSubmit(async (data) => {
    await signIn(data);
    void navigate(safeRedirect(searchParams.get('redirectTo')), { replace: true });
  });
  return (
    <AuthFormFrame
      mode="signin"
      // Still busy once signed in: the page is on its way to where the shopper was going.
      busy={form.busy || form.done}
      formError={form.formError}
      onSubmit={submit}
      fields={{ email: form.field('email'), password: form.field('password') }}
    />
  );
}

export function SignUpForm() {
  const navigate = useNavigate();
  const form = useForm(signUpSchema, FAILURE);
  const submit = form.handleSubmit(async (data) => {
    await signUp(data);
    void navigate('/verify-email', { replace: true });
  });
  return (
    <AuthFormFrame
      mode="signup"
      busy={form.busy || form.done}
      formError={form.formError}
      onSubmit={submit}
      fields={{ fullname: form.field('fullname'), email: form.field('email'), password: form.field('password') }}
    />
  );
}

interface AuthFormFrameProps {
  mode: SignInMode;
  busy: boolean;
  formError: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  fields: { fullname?: FieldBinding; email: FieldBinding; password: FieldBinding };
}

function AuthFormFrame({ mode, busy, formError, onSubmit, fields }: AuthFormFrameProps) {
  const copy = SIGN_IN_COPY[mode];
  const signingUp = mode === 'signup';
  const { status } = useSession();
  const { search } = useLocation();
  const googleClientId = useGoogleClientId();

  // Visitors already signed in leave; after submitting here, the submit handler decides where to go.
  if (status === 'signed-in' && !busy) return <Navigate to="/" replace />;

  return (
    <AuthCard title={copy.title}>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {fields.fullname && <Field label="Full name" autoComplete="name" required {...fields.fullname} />}
        <EmailField label="Email" required {...fields.email} />
        <div>
          <PasswordField
            label="Password"
            autoComplete={signingUp ? 'new-password' : 'current-password'}
            required
            {...fields.password}
          />
          {!signingUp && (
            <p className="mt-2 text-right text-sm">
              <Link to="/forgot-password" className={linkClass}>
                Forgot password?
              </Link>
            </p>
          )}
        </div>
        <FormAlert message={formError} />
        <SubmitButton busy={busy} busyLabel={copy.busy}>
          {copy.submit}
        </SubmitButton>
      </form>
      {googleClientId && <GoogleButton clientId={googleClientId} />}
      <p className="mt-6 text-center text-sm text-stone-700">
        {copy.switchText}{' '}
        <Link to={{ pathname: copy.switchTo, search }} className={linkClass}>
          {copy.switchLink}
        </Link>
      </p>
    </AuthCard>
  );
}
