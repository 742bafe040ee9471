import type { Route } from './+types/verify-email-token';
import { pageMeta } from '../lib/meta';
import { VerifyEmailToken } from '../session/VerifyEmailToken';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta({
    matches,
    title: 'Verify your e-mail',
    description: 'Confirming your e-mail address.',
    path: location.pathname,
  }),
  // A single-use link: nothing here for search engines.
  { name: 'robots', content: 'noindex' },
];

export default function VerifyEmailTokenRoute({ params }: Route.ComponentProps) {
  return <VerifyEmailToken token={params.tokenId} />;
}
