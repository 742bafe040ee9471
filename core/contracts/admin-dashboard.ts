/**
 * The back office's dashboard (issue 22): sections of figures the shop already keeps. Each section is plain data of
 * one generic shape, so a new source (orders, payments, refunds, Web Vitals) adds a section without a new page.
 */
import { z } from './zod.ts';
import { endpoint } from './endpoint.ts';
import { MAX, messageSchema, shownList, shownText } from './fields.ts';
import { LOW_STOCK_PAGE } from './admin-stock.ts';

/** How a figure reads: a count, money in paise, a duration in milliseconds, or a plain score (CLS). */
/** Bounds of the answer: sections come from the sources the server lists, each with a few headline figures. */
export const DASHBOARD_MAX_SECTIONS = 20;
export const DASHBOARD_MAX_FIGURES = 20;

export const DASHBOARD_UNITS = ['count', 'paise', 'ms', 'score'] as const;
/** How a figure stands: `good` (green), `warning` (needs a look), `bad` (act now), `neutral`. */
export const DASHBOARD_TONES = ['neutral', 'good', 'warning', 'bad'] as const;

export const dashboardFigureSchema = z.object({
  label: shownText(MAX.title),
  value: z.number(),
  unit: z.enum(DASHBOARD_UNITS),
  /** Neutral when left out. */
  tone: z.enum(DASHBOARD_TONES).optional(),
  /** A short note beside the figure, e.g. "threshold 5" or "good ≤ 2.5 s". */
  note: shownText(MAX.line).optional(),
  /** A back-office page about this figure. */
  href: shownText(MAX.url).optional(),
});
export type DashboardFigure = z.infer<typeof dashboardFigureSchema>;

export const dashboardSectionSchema = z.object({
  /** Stable, e.g. `low-stock`: tests and the page's headings' ids use it. */
  key: shownText(MAX.name),
  title: shownText(MAX.name),
  /** The section's page, e.g. /admin/stock. */
  href: shownText(MAX.url).optional(),
  /** The headline figures. */
  figures: shownList(dashboardFigureSchema, DASHBOARD_MAX_FIGURES),
  /** A list under them, e.g. each low-stock product (a page of them at most). */
  rows: shownList(dashboardFigureSchema, LOW_STOCK_PAGE.max).optional(),
});
export type DashboardSection = z.infer<typeof dashboardSectionSchema>;

export const dashboardEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/dashboard',
  responses: {
    /** The sections whose sources answered, in the shop's order; a source that failed is left out. */
    200: z.object({ sections: shownList(dashboardSectionSchema, DASHBOARD_MAX_SECTIONS) }),
    403: messageSchema,
  },
});
