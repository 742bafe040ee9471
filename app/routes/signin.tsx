import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/signin';
import { signInSchema, signUpSchema } from '../../../core/validation';
import { signIn, signUp } from '../../auth/actions';
import { useSession } from '../../auth/session';
import { Field, PasswordField, EmailField } from '../../components/form/Field';
import { toast } from '../../lib/toast';
import { pageMeta } from '../../lib/meta';
import { useGoogleClientId } from '../../lib/use-shop';
import { AuthCard, FormAlert, GENERIC_ERROR, SubmitButton, errorMessage, linkClass, useFieldErrors } from './AuthCard';
import { GoogleButton } from './GoogleButton';

type Mode = 'signin' | 'signup';

const COPY = {
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

const modeOf = (pathname: string): Mode => (pathname.startsWith('/signup') ? 'signup' : 'signin');

/** Only a path on this site: '/x', never '//host' or '/\host', which browsers treat as another origin. */
function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : '/';
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const { title, description, path } = COPY[modeOf(location.pathname)];
  return pageMeta({ matches, title, description, path });
};

export default function SignInRoute() {
  const mode = modeOf(useLocation().pathname);
  // A fresh form per mode, so switching clears values and messages.
  return <AuthForm key={mode} mode={mode} />;
}

function AuthForm({ mode }: { mode: Mode }) {
  const copy = COPY[mode];
  const signingUp = mode === 'signup';
  const { status } = useSession();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [searchParams] = useSearchParams();
  const googleClientId = useGoogleClientId();
  const { errors, validate, clearOnInput } = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  // Visitors already signed in leave; after submitting here, the submit handler decides where to go.
  if (status === 'signed-in' && !busy) return <Navigate to="/" replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const form = event.currentTarget;
    try {
      if (signingUp) {
        const result = validate(signUpSchema, form);
        if (!result.success) return;
        setBusy(true);
        await signUp(result.data);
        navigate('/verify-email', { replace: true });
      } else {
        const result = validate(signInSchema, form);
        if (!result.success) return;
        setBusy(true);
        await signIn(result.data);
        navigate(safeRedirect(searchParams.get('redirectTo')), { replace: true });
      }
    } catch (error) {
      const message = errorMessage(error, GENERIC_ERROR);
      toast.error(message);
      setFormError(message);
      setBusy(false);
    }
  }

  return (
    <AuthCard title={copy.title}>
      <form noValidate onSubmit={submit} onInput={clearOnInput} className="space-y-5">
        {signingUp && <Field label="Full name" name="fullname" autoComplete="name" required error={errors.fullname} />}
        <EmailField label="Email" name="email" required error={errors.email} />
        <div>
          <PasswordField
            label="Password"
            name="password"
            autoComplete={signingUp ? 'new-password' : 'current-password'}
            required
            error={errors.password}
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
