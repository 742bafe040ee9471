import { pageViewOf, VITALS, type PageView, type Vital } from '../../core/analytics';
import type { Beacon } from '../../core/contracts/analytics';

/**
 * One beacon per page view (decision 0037). The page load's first view waits for the page to be first hidden, so it
 * carries the load's Web Vitals final by then (as CrUX, they belong to the page the visitor landed on); each later
 * view, from a navigation inside the app, goes when the next one starts or the page is hidden.
 */
export class VisitMeter {
  /** No view yet: the next one is the page load's own. */
  private loading = true;
  /** The page load's view, until the page is first hidden; undefined once sent, or when not counted (/admin). */
  private landing: PageView | undefined;
  /** A view after the landing one, until it ends. */
  private current: PageView | undefined;
  private readonly vitals: Partial<Record<Vital, number>> = {};

  constructor(private readonly send: (beacon: Beacon) => void) {}

  /** The visitor is now on `pathname`. */
  viewed(pathname: string): void {
    const view = pageViewOf(pathname) ?? undefined;
    if (this.loading) {
      this.loading = false;
      this.landing = view;
      return;
    }
    if (this.current) this.send(this.current);
    this.current = view;
  }

  /** web-vitals reported a final value; those reported once the landing view was sent are not counted. */
  measured(metric: string, value: number): void {
    if (!this.landing || !(VITALS as readonly string[]).includes(metric)) return;
    // Milliseconds to the millisecond; CLS, a small fraction, to four places.
    this.vitals[metric as Vital] = metric === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value);
  }

  /** The page was hidden (another tab, the app switcher, closing it): what is waiting goes now. */
  hidden(): void {
    if (this.landing) {
      const hasVitals = Object.keys(this.vitals).length > 0;
      this.send(hasVitals ? { ...this.landing, vitals: { ...this.vitals } } : this.landing);
      this.landing = undefined;
    }
    this.loading = false;
    if (this.current) this.send(this.current);
    this.current = undefined;
  }
}
