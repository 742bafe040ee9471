/**
 * First-party analytics (issue 22, decision 0037): the storefront's beacon, which counts a page view and carries the
 * page load's Core Web Vitals, and the back office's report of both. Nothing in a beacon names a visitor.
 */
import { z } from './zod.ts';
import { messageSchema, shownList, shownText } from './fields.ts';
import { endpoint } from './endpoint.ts';
import { adminErrors } from './admin-lists.ts';
import { COLLECT_PATH, PAGE_TYPES, PLAUSIBLE_MAX, PRODUCT_SLUG, VITALS, type Vital } from '../analytics.ts';

export { PAGE_TYPES, PLAUSIBLE_MAX, VITALS, VITAL_THRESHOLDS, type PageType, type Vital } from '../analytics.ts';

/** The largest beacon the collector reads; a real one is under 200 bytes. */
export const BEACON_MAX_BYTES = 4096;

/** A vital's value: 0 up to the most a real measurement can be (PLAUSIBLE_MAX). */
const measurement = (name: Vital) =>
  z
    .number({ error: `${name} must be a number` })
    .min(0, `${name} must be 0 or more`)
    .max(PLAUSIBLE_MAX[name], `${name} must be at most ${PLAUSIBLE_MAX[name]}`);

/** An object with only the keys given; anything else is refused with `message`. */
const onlyKeys = <Shape extends z.ZodRawShape>(shape: Shape, message: string) =>
  z.strictObject(shape, { error: message });

export const vitalsSchema = onlyKeys(
  {
    LCP: measurement('LCP').optional(),
    INP: measurement('INP').optional(),
    CLS: measurement('CLS').optional(),
    TTFB: measurement('TTFB').optional(),
  },
  'vitals is an object of LCP, INP, CLS and TTFB only',
);

const productSlugSchema = z
  .string({ error: 'product must be a product slug' })
  .max(200, 'product must be a product slug')
  .regex(PRODUCT_SLUG, 'product must be a product slug');

/**
 * One page view, and the Web Vitals of a page load; or, with `view: false`, only a page load's vitals, whose view an
 * earlier beacon counted (the storefront counts each view as it starts, and sends the vitals when the page is hidden:
 * decision 0050).
 */
export const beaconSchema = onlyKeys(
  {
    page: z.enum(PAGE_TYPES, { error: `page must be one of ${PAGE_TYPES.join(', ')}` }),
    /** On product pages: which product. */
    product: productSlugSchema.optional(),
    vitals: vitalsSchema.optional(),
    /** false: not a view, only its vitals. */
    view: z.boolean({ error: 'view must be true or false' }).optional(),
  },
  'A beacon is a JSON object of page, product, vitals and view only',
)
  .refine((beacon) => beacon.product === undefined || beacon.page === 'product', {
    message: 'product is only for product pages',
  })
  .refine((beacon) => beacon.view !== false || beacon.vitals !== undefined, {
    message: 'A beacon that is not a view carries vitals',
  });

export type Beacon = z.infer<typeof beaconSchema>;
export type Vitals = z.infer<typeof vitalsSchema>;

/** The media types a beacon may come as: what `navigator.sendBeacon` sends a string as, and plain JSON. */
export const BEACON_MEDIA_TYPES = ['text/plain', 'application/json'] as const;

/**
 * The storefront's beacon (`navigator.sendBeacon`, so `text/plain` holding JSON, or `application/json`). It stores
 * no cookie, address, user agent or identifier; a bot's beacon is answered alike and dropped. Another site's page
 * is refused (403), and beyond the address's and the whole shop's allowance a minute it is a 429.
 */
export const collectEndpoint = endpoint({
  method: 'POST',
  path: COLLECT_PATH,
  body: beaconSchema,
  responses: {
    /** Counted (or dropped, for a bot or past the day's vitals): no body. */
    204: z.null(),
    400: messageSchema,
    403: messageSchema,
    413: messageSchema,
    415: messageSchema,
    429: messageSchema,
  },
});

/** A calendar day in India, as 2026-11-27. */
const daySchema = (name: string) =>
  z
    .string({ error: `${name} must be a date such as 2026-01-31` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date such as 2026-01-31`)
    .max(10, `${name} must be a date such as 2026-01-31`)
    .refine((day) => !Number.isNaN(Date.parse(day)) && new Date(day).toISOString().startsWith(day), {
      message: `${name} must be a date such as 2026-01-31`,
    });

/** The longest span one report covers. */
export const REPORT_MAX_DAYS = 366;
/** The span a report covers when `from` is not given: four weeks to `to`. */
export const REPORT_DEFAULT_DAYS = 28;

const p75Schema = z.object({
  /** The 75th percentile, in the vital's unit; null without samples. */
  p75: z.number().nullable(),
  samples: z.number().int(),
  rating: z.enum(['good', 'needs-improvement', 'poor']).nullable(),
});

/** A day of the report as the API answers it: YYYY-MM-DD. */
const reportDay = () => z.string().meta({ format: 'date', maxLength: 10 });
/** How many products the report ranks. */
export const TOP_PRODUCTS = 10;
/** A product slug the beacon counts (its check's bound). */
const PRODUCT_SLUG_MAX = 200;

export const analyticsReportSchema = z.object({
  from: reportDay(),
  to: reportDay(),
  pageViews: z.object({
    total: z.number().int(),
    /** Per day and page type, oldest day first; days and types without views are left out. */
    byDay: shownList(
      z.object({ day: reportDay(), page: z.enum(PAGE_TYPES), views: z.number().int() }),
      REPORT_MAX_DAYS * PAGE_TYPES.length,
    ),
    /** The most viewed products, most first. */
    topProducts: shownList(z.object({ slug: shownText(PRODUCT_SLUG_MAX), views: z.number().int() }), TOP_PRODUCTS),
  }),
  /** Each vital in VITALS order: its thresholds, its p75 over every page, and per page type that has samples. */
  vitals: shownList(
    z.object({
      metric: z.enum(VITALS),
      unit: z.enum(['ms', 'score']),
      good: z.number(),
      poor: z.number(),
      overall: p75Schema,
      byPage: shownList(p75Schema.extend({ page: z.enum(PAGE_TYPES) }), PAGE_TYPES.length),
    }),
    VITALS.length,
  ),
});

export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;

/** Page views and the p75 of each Web Vital per page type, for days `from` to `to` (India's calendar) inclusive. */
export const analyticsReportEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/analytics',
  querystring: z.object({
    from: daySchema('from').optional(),
    to: daySchema('to').optional(),
  }),
  responses: { 200: analyticsReportSchema, ...adminErrors },
});
