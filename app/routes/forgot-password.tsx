import type { Route } from './+types/forgot-password';
import { pageMeta } from '../lib/meta';
import { ForgotPasswordForm } from '../session/ForgotPasswordForm';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Forgot password',
    description: 'Forgot your password? Enter your e-mail address and we will send you a link to set a new one.',
    path: '/forgot-password',
  });

export default function ForgotPassword() {
  return <ForgotPasswordForm />;
}
