import { mayMeasure, type PrivacySignals } from './consent';

/**
 * The part of first-party analytics in every page's JavaScript (decision 0037), as small as it can be: the code
 * that measures, and web-vitals, load only once the page has settled, outside the product page's budget (decision
 * 0011).
 */

/** When the measuring code loads: well past the page's load and its network's rest. */
export const LOAD_AFTER_MS = 5000;

/** The paths seen before the measuring code loaded, in order; then that code's own function. */
let viewed: string[] | ((pathname: string) => void) = [];

/** Counts a page view of `pathname`, unless the browser asks not to be tracked. */
export function measureVisit(pathname: string): void {
  if (typeof viewed === 'function') viewed(pathname);
  else if (viewed.push(pathname) === 1 && mayMeasure(navigator as PrivacySignals))
    setTimeout(
      () => void import('./start').then((start) => (viewed = start.startMeasuring(viewed as string[]))),
      LOAD_AFTER_MS,
    );
}
