import { COLLECT_PATH, pageViewOf, roundedVital, type PageView, type Vital, type Vitals } from '../../core/analytics';
import { mayMeasure, type PrivacySignals } from './consent';
import { watchBufferedVitals } from './early-vitals';
import { onHiding } from './hidden';

/**
 * The part of first-party analytics in every page's JavaScript (decisions 0037, 0050), as small as it can be. Each
 * view is counted by its own beacon as it starts, so a short visit counts too. The page load's Web Vitals go in
 * one more beacon when the page is first hidden: read from the browser's buffers if that is before the measuring
 * code (web-vitals) loads, once the page has settled, outside the product page's budget (decision 0011); by it after.
 */

/** When the measuring code loads: well past the page's load and its network's rest. */
export const LOAD_AFTER_MS = 5000;

const send = (beacon: object) => navigator.sendBeacon(COLLECT_PATH, JSON.stringify(beacon));

/** The path last counted: a view is counted once, however often the page's effect runs for it. */
let counted: string | undefined;

/** Counts a page view of `pathname` at once, unless the browser asks not to be tracked. */
export function measureVisit(pathname: string): void {
  if (pathname === counted) return;
  const landing = counted === undefined;
  counted = pathname;
  if (!mayMeasure(navigator as PrivacySignals)) return;
  const view = pageViewOf(pathname);
  if (view) send(view);
  if (landing && view) measureLoad(view);
}

/** The page load's vitals, sent once (`view: false`: its view is counted) by whichever has them when it hides. */
function measureLoad({ page }: PageView): void {
  let sent = false;
  let loaded = false;
  const sendVitals = (vitals: Vitals) => {
    const names = Object.keys(vitals) as Vital[];
    if (sent || names.length === 0) return;
    sent = true;
    const rounded = Object.fromEntries(names.map((name) => [name, roundedVital(name, vitals[name]!)]));
    send({ page, vitals: rounded, view: false });
  };
  const buffered = watchBufferedVitals();
  onHiding(() => !loaded && sendVitals(buffered()));
  setTimeout(() => {
    if (sent) return; // hidden already: its vitals are sent, nothing more to measure
    void import('./start').then((start) => {
      loaded = true;
      start.startMeasuring(sendVitals);
    });
  }, LOAD_AFTER_MS);
}
