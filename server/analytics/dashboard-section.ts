// The analytics' section of the back office's dashboard (decision 0061).
import type { DashboardSection } from '../../core/contracts/admin-dashboard.ts';

/** What the analytics module tells of real visitors' Web Vitals (its report's `vitals` and page views). */
export interface VitalsFigures {
  pageViews: { total: number };
  vitals: Array<{
    metric: string;
    unit: 'ms' | 'score';
    good: number;
    overall: { p75: number | null; samples: number; rating: 'good' | 'needs-improvement' | 'poor' | null };
    byPage: Array<{ page: string; p75: number | null; samples: number; rating: string | null }>;
  }>;
}

const toneOf = (rating: string | null): 'good' | 'bad' | 'warning' | 'neutral' =>
  rating === 'good' ? 'good' : rating === 'poor' ? 'bad' : rating ? 'warning' : 'neutral';
const goodAtMost = (good: number, unit: 'ms' | 'score') =>
  unit === 'ms' ? `good ≤ ${good >= 1000 ? `${good / 1000} s` : `${good} ms`}` : `good ≤ ${good}`;

/** Page views of the last four weeks, and each vital's p75 beside its 'good' threshold, per page type below. */
export async function webVitalsSection(report: () => Promise<VitalsFigures>): Promise<DashboardSection> {
  const { pageViews, vitals } = await report();
  return {
    key: 'web-vitals',
    title: 'Page views and Web Vitals (last 4 weeks, p75)',
    figures: [
      { label: 'Page views', value: pageViews.total, unit: 'count', tone: 'neutral' },
      ...vitals.map((vital) => ({
        label: `${vital.metric} (${vital.overall.samples} visits)`,
        value: vital.overall.p75 ?? 0,
        unit: vital.unit,
        tone: toneOf(vital.overall.rating),
        note: goodAtMost(vital.good, vital.unit),
      })),
    ],
    rows: vitals.flatMap((vital) =>
      vital.byPage
        .filter((page) => page.p75 !== null)
        .map((page) => ({
          label: `${vital.metric} on ${page.page} pages`,
          value: page.p75!,
          unit: vital.unit,
          tone: toneOf(page.rating),
          note: `${goodAtMost(vital.good, vital.unit)}, ${page.samples} visits`,
        })),
    ),
  };
}
