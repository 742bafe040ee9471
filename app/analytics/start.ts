import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { VITALS, type Vital, type Vitals } from '../../core/analytics';
import { onHiding } from './hidden';

/**
 * Loaded once the page has settled (measure.ts): watches the page load's Web Vitals (web-vitals reads what the
 * browser buffered before), each value as it changes (reportAllChanges), so that whenever the page is first hidden
 * or left, `sendVitals` gets the latest; it sends them once (decision 0050).
 */
export function startMeasuring(sendVitals: (vitals: Vitals) => void): void {
  const vitals: Vitals = {};
  const report = ({ name, value }: Metric) => {
    if ((VITALS as readonly string[]).includes(name)) vitals[name as Vital] = value;
  };
  for (const watch of [onLCP, onINP, onCLS, onTTFB]) watch(report, { reportAllChanges: true });
  // Registered after web-vitals' own listeners, which report their final values on hidden first.
  onHiding(() => sendVitals(vitals));
}
