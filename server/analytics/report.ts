import {
  VITALS,
  VITAL_THRESHOLDS,
  type AnalyticsReport,
  type PageType,
  type Vital,
} from '../../core/contracts/analytics.ts';
import type { DayRange } from './days.ts';

/** One vital's p75 and sample count for one page type, or over all pages where `page` is null. */
export interface VitalRow {
  metric: Vital;
  page: PageType | null;
  p75: number;
  samples: number;
}

type Percentile = AnalyticsReport['vitals'][number]['overall'];

/** web.dev's rating of a p75: good up to `good`, poor above `poor`. */
export function rating(metric: Vital, p75: number): NonNullable<Percentile['rating']> {
  const { good, poor } = VITAL_THRESHOLDS[metric];
  if (p75 <= good) return 'good';
  return p75 > poor ? 'poor' : 'needs-improvement';
}

const percentile = (metric: Vital, row: VitalRow | undefined): Percentile =>
  row
    ? { p75: row.p75, samples: row.samples, rating: rating(metric, row.p75) }
    : { p75: null, samples: 0, rating: null };

/** The report's answer from its queries' rows: every vital, with its thresholds, even one without samples. */
export function buildReport(
  range: DayRange,
  byDay: AnalyticsReport['pageViews']['byDay'],
  topProducts: AnalyticsReport['pageViews']['topProducts'],
  vitalRows: readonly VitalRow[],
): AnalyticsReport {
  return {
    ...range,
    pageViews: { total: byDay.reduce((sum, { views }) => sum + views, 0), byDay, topProducts },
    vitals: VITALS.map((metric) => {
      const rows = vitalRows.filter((row) => row.metric === metric);
      const { good, poor, unit } = VITAL_THRESHOLDS[metric];
      return {
        metric,
        unit,
        good,
        poor,
        overall: percentile(
          metric,
          rows.find((row) => row.page === null),
        ),
        byPage: rows.flatMap((row) => (row.page === null ? [] : [{ page: row.page, ...percentile(metric, row) }])),
      };
    }),
  };
}
