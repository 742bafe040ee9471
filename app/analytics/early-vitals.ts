import type { Vitals } from '../../core/analytics';

interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}

const LCP = 'largest-contentful-paint';
const SHIFT = 'layout-shift';

/**
 * For a page hidden before web-vitals loads (decision 0050): watches the browser's own buffers of the load's largest
 * paints and layout shifts, from the start, and returns what reads the vitals they give so far, as web-vitals would:
 * LCP the last largest paint, CLS the largest session window of shifts (gaps under 1 s, at most 5 s), TTFB from the
 * navigation's timing. INP is left out: the browser buffers only slow interactions, so it would read too high.
 */
export function watchBufferedVitals(): () => Vitals {
  const seen: Record<string, PerformanceEntry[]> = { [LCP]: [], [SHIFT]: [] };
  const watched = Object.keys(seen).filter((type) =>
    globalThis.PerformanceObserver?.supportedEntryTypes?.includes(type),
  );
  const observers = watched.map((type) => {
    const observer = new PerformanceObserver((list) => seen[type]!.push(...list.getEntries()));
    observer.observe({ type, buffered: true });
    return observer;
  });
  return () => {
    for (const observer of observers) for (const entry of observer.takeRecords()) seen[entry.entryType]!.push(entry);
    const vitals: Vitals = {};
    const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (navigation?.responseStart) vitals.TTFB = navigation.responseStart;
    const paint = seen[LCP]!.at(-1);
    if (paint) vitals.LCP = paint.startTime;
    if (watched.includes(SHIFT)) vitals.CLS = largestSessionWindow(seen[SHIFT] as LayoutShift[]);
    return vitals;
  };
}

function largestSessionWindow(shifts: readonly LayoutShift[]): number {
  let largest = 0;
  let session = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const shift of shifts) {
    if (shift.hadRecentInput) continue;
    if (shift.startTime - last > 1000 || shift.startTime - first > 5000) [session, first] = [0, shift.startTime];
    session += shift.value;
    last = shift.startTime;
    largest = Math.max(largest, session);
  }
  return largest;
}
