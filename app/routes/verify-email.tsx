import type { Route } from './+types/verify-email';
import { pageMeta } from '../lib/meta';
import { VerifyEmail } from '../session/VerifyEmail';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    matches,
    title: 'Verify your e-mail',
    description: 'Confirm your e-mail address with the link we sent you, or ask for a new one.',
    path: '/verify-email',
  }),
  { name: 'robots', content: 'noindex' },
];

export default function VerifyEmailRoute() {
  return <VerifyEmail />;
}
