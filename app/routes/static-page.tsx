import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import type { Route } from './+types/static-page';
import type { ShopSettings } from '../../core/shop';
import { pageMeta } from '../lib/meta';
import { useShop } from '../lib/use-shop';
import AboutContent from '../content/about';
import ShippingPolicyContent from '../content/shipping-policy';
import ReturnPolicyContent from '../content/return-policy';
import PrivacyPolicyContent from '../content/privacy-policy';
import TermsOfServiceContent from '../content/terms-of-service';

interface StaticPage {
  title: string;
  description: string;
  Content: ComponentType<{ shop: ShopSettings }>;
}

/** The about page and the four policies, keyed by path. */
const PAGES: Record<string, StaticPage> = {
  '/about-us': {
    title: 'About Us',
    description: 'Curated home decor and collectible toys, free shipping and a 100% satisfaction guarantee.',
    Content: AboutContent,
  },
  '/shipping-policy': {
    title: 'Shipping Policy',
    description: 'Dispatch within 24 hours; delivery in 3-5 days to metro cities and 5-10 days elsewhere in India.',
    Content: ShippingPolicyContent,
  },
  '/return-policy': {
    title: 'Return Policy',
    description: 'Returns or replacements within 7 working days of delivery; refunds in 5-7 business days.',
    Content: ReturnPolicyContent,
  },
  '/privacy-policy': {
    title: 'Privacy Policy',
    description: 'How we collect, use and protect your information. Effective 15 May 2025.',
    Content: PrivacyPolicyContent,
  },
  '/terms-of-service': {
    title: 'Terms of Service',
    description: 'The terms for ordering from our shop: India only, minimum age 18, prices in rupees.',
    Content: TermsOfServiceContent,
  },
};

const pageAt = (pathname: string) => PAGES[pathname.replace(/\/$/, '')] ?? PAGES['/about-us']!;

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const page = pageAt(location.pathname);
  return pageMeta({ matches, title: page.title, description: page.description, path: location.pathname });
};

export default function StaticPageRoute() {
  const { pathname } = useLocation();
  const { title, Content } = pageAt(pathname);
  return (
    <article className="prose-page mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-8 text-3xl font-semibold">{title}</h1>
      <Content shop={useShop()} />
    </article>
  );
}
