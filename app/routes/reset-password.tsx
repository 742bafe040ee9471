import type { Route } from './+types/reset-password';
import { pageMeta } from '../lib/meta';
import { ResetPasswordForm } from '../session/ResetPasswordForm';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta({
    matches,
    title: 'Set a new password',
    description: 'Choose a new password for your account.',
    path: location.pathname,
  }),
  // A single-use link: nothing here for search engines.
  { name: 'robots', content: 'noindex' },
];

export default function ResetPassword({ params }: Route.ComponentProps) {
  return <ResetPasswordForm tokenId={params.tokenId} />;
}
