import { mayMeasure, type PrivacySignals } from './consent';

/**
 * The part of first-party analytics in every page's JavaScript (decision 0037), kept tiny: the code that measures,
 * and web-vitals, load only once the page has settled, outside the product page's budget (decision 0011).
 */

/** The latest the measuring code loads when the visitor does nothing: past the page's load and its network's rest. */
export const LOAD_AFTER_MS = 5000;
/** How long an idle callback may wait once asked. */
const IDLE_TIMEOUT_MS = 2000;

/** The paths seen before the measuring code loaded, in order; then that code's own function. */
let viewed: string[] | ((pathname: string) => void) | undefined;

/** Counts a page view of `pathname`, unless the browser asks not to be tracked. */
export function measureVisit(pathname: string): void {
  if (typeof viewed === 'function') return viewed(pathname);
  if (viewed) {
    viewed.push(pathname);
    return;
  }
  if (!mayMeasure(navigator as PrivacySignals)) return;
  viewed = [pathname];
  whenSettled(window, () =>
    import('./start').then(
      ({ startMeasuring }) => {
        const seen = viewed as string[];
        viewed = startMeasuring();
        seen.forEach(viewed);
      },
      () => {}, // not loaded (offline): this page load goes uncounted
    ),
  );
}

/**
 * Runs `load` once: when the browser is idle after the visitor's first tap or key (they are staying), at once when
 * the page is hidden (they may be leaving), or when idle after LOAD_AFTER_MS.
 */
export function whenSettled(target: Window, load: () => void): void {
  const stop = new AbortController();
  const run = () => {
    if (stop.signal.aborted) return;
    stop.abort();
    load();
  };
  const whenIdle = () =>
    target.requestIdleCallback ? target.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS }) : target.setTimeout(run);
  const options = { once: true, passive: true, capture: true, signal: stop.signal };
  target.addEventListener('pointerdown', whenIdle, options);
  target.addEventListener('keydown', whenIdle, options);
  target.addEventListener('visibilitychange', () => target.document.visibilityState === 'hidden' && run(), {
    capture: true,
    signal: stop.signal,
  });
  target.setTimeout(whenIdle, LOAD_AFTER_MS);
}
