/**
 * First-party analytics' rules (decision 0037), without zod so that the storefront's measuring code stays small:
 * the page types a view is counted under, the vitals measured and their thresholds.
 */

/** Where the storefront's beacons go (the collect endpoint's path). */
export const COLLECT_PATH = '/api/analytics/collect';

/** What kind of page was seen: the route's kind, never its full URL. */
export const PAGE_TYPES = ['home', 'shop', 'product', 'cart', 'checkout', 'policy', 'account', 'other'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export const VITALS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type Vital = (typeof VITALS)[number];
/** A page load's vitals as measured so far, in each one's unit. */
export type Vitals = Partial<Record<Vital, number>>;

/**
 * What a real measurement can be, in each vital's unit: longer than any page load (a minute) or a layout shift
 * score of 10 is made up. Beacons beyond it are refused, and the report leaves out any sample outside it.
 */
export const PLAUSIBLE_MAX: Readonly<Record<Vital, number>> = { LCP: 60_000, INP: 60_000, CLS: 10, TTFB: 60_000 };

/** A vital as a beacon carries it: milliseconds to the millisecond; CLS, a small fraction, to four places. */
export const roundedVital = (metric: Vital, value: number): number =>
  metric === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value);

/**
 * web.dev's thresholds: at or under `good` is good, over `poor` is poor, in milliseconds but CLS, which has no unit.
 * A site passes when the 75th percentile of its visits is good.
 */
export const VITAL_THRESHOLDS: Readonly<Record<Vital, { good: number; poor: number; unit: 'ms' | 'score' }>> = {
  LCP: { good: 2500, poor: 4000, unit: 'ms' },
  INP: { good: 200, poor: 500, unit: 'ms' },
  CLS: { good: 0.1, poor: 0.25, unit: 'score' },
  TTFB: { good: 800, poor: 1800, unit: 'ms' },
};

/** A product's URL slug, as the catalogue writes them (decision 0002). */
export const PRODUCT_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A page view as a beacon names it: its type and, on a product page, the product's slug. */
export interface PageView {
  page: PageType;
  product?: string;
}

/** The storefront's first path segment → its page type; what is not here is `other`. */
const PAGE_OF_SEGMENT: Readonly<Record<string, PageType>> = {
  '': 'home',
  shop: 'shop',
  product: 'product',
  cart: 'cart',
  checkout: 'checkout',
  payment: 'checkout',
  'shipping-policy': 'policy',
  'return-policy': 'policy',
  'privacy-policy': 'policy',
  'terms-of-service': 'policy',
  signin: 'account',
  signup: 'account',
  'forgot-password': 'account',
  'reset-password': 'account',
  'verify-email': 'account',
  profile: 'account',
  'track-your-order': 'account',
};

/**
 * The page view a storefront path counts as: its route's type, and a product page's slug; never the rest of the
 * path, which may hold a token (/reset-password/…). The back office (/admin) is not counted: null.
 */
export function pageViewOf(pathname: string): PageView | null {
  const [, first = '', second = ''] = pathname.split('/');
  if (first === 'admin') return null;
  const page = PAGE_OF_SEGMENT[first] ?? 'other';
  return page === 'product' && PRODUCT_SLUG.test(second) ? { page, product: second } : { page };
}
