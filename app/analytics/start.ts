import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { COLLECT_PATH } from '../../core/analytics';
import { VisitMeter } from './visit-meter';

/**
 * Loaded once the page has settled (measure.ts): watches the page load's Web Vitals (web-vitals reads what the
 * browser buffered before) and sends each page view's beacon with navigator.sendBeacon, which outlives the page.
 * Counts the paths seen so far, and returns what to call on each path seen from now on.
 */
export function startMeasuring(seen: readonly string[]): (pathname: string) => void {
  const meter = new VisitMeter((beacon) => navigator.sendBeacon(COLLECT_PATH, JSON.stringify(beacon)));
  const report = ({ name, value }: Metric) => meter.measured(name, value);
  for (const watch of [onLCP, onINP, onCLS, onTTFB]) watch(report);
  // web-vitals reports on hidden from window's capture phase; the document's own listeners run after it.
  const onVisibility = () => document.visibilityState === 'hidden' && meter.hidden();
  document.addEventListener('visibilitychange', onVisibility);
  const viewed = (pathname: string) => {
    meter.viewed(pathname);
    onVisibility(); // seen while hidden: no change of visibility will tell
  };
  seen.forEach(viewed);
  return viewed;
}
