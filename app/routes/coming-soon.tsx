import { Link, useLocation } from 'react-router';
import type { Route } from './+types/coming-soon';
import { pageMeta } from '../lib/meta';

/** Screens whose issues are still open; each has its spec title so links and navigation already work. */
const TITLES: Array<[RegExp, string]> = [[/^\/contact-us/, 'Contact us']];

const titleOf = (pathname: string) => TITLES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'Coming soon';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta({
    matches,
    title: titleOf(location.pathname),
    description: 'This part of the shop opens soon.',
    path: location.pathname,
  }),
  { name: 'robots', content: 'noindex' },
];

export default function ComingSoon() {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold">{titleOf(pathname)}</h1>
      <p className="mt-4 text-stone-600">This part of the shop opens soon. Meanwhile, have a look around.</p>
      <Link to="/shop" className="btn-primary mt-8">
        Browse the shop
      </Link>
    </section>
  );
}
