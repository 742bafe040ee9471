import { useLocation } from 'react-router';
import type { Route } from './+types/signin';
import { pageMeta } from '../lib/meta';
import { SIGN_IN_COPY, SignInForm, SignUpForm, signInModeOf } from '../session/SignInForm';

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const { title, description, path } = SIGN_IN_COPY[signInModeOf(location.pathname)];
  return pageMeta({ matches, title, description, path });
};

/** /signin and /signup: a fresh form per mode, so switching clears values and messages. */
export default function SignInRoute() {
  const mode = signInModeOf(useLocation().pathname);
  return mode === 'signup' ? <SignUpForm key={mode} /> : <SignInForm key={mode} />;
}
