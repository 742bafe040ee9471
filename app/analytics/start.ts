import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { COLLECT_PATH } from '../../core/analytics';
import { VisitMeter } from './visit-meter';

/**
 * Loaded once the page is idle (measure.ts): watches the page load's Web Vitals and sends each page view's beacon
 * with navigator.sendBeacon, which outlives the page. Returns what to call on each page the visitor sees.
 */
export function startMeasuring(): (pathname: string) => void {
  const meter = new VisitMeter((beacon) => navigator.sendBeacon(COLLECT_PATH, JSON.stringify(beacon)));
  const report = ({ name, value }: Metric) => meter.measured(name, value);
  for (const watch of [onLCP, onINP, onCLS, onTTFB]) watch(report);
  // web-vitals reports on hidden from window's capture phase; the document's own listeners run after it.
  const onVisibility = () => document.visibilityState === 'hidden' && meter.hidden();
  document.addEventListener('visibilitychange', onVisibility);
  return (pathname) => {
    meter.viewed(pathname);
    onVisibility(); // loaded while hidden: nothing else will tell
  };
}
