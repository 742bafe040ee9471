import { and, between, count, desc, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../platform/db/client.ts';
import { runWorkflow, type Workflow } from '../platform/db/workflow.ts';
import { clientKey } from '../platform/http/client-ip.ts';
import type { RateLimiter } from '../platform/http/rate-limit.ts';
import {
  PLAUSIBLE_MAX,
  TOP_PRODUCTS,
  VITALS,
  type AnalyticsReport,
  type Beacon,
  type PageType,
  type Vital,
} from '../../core/contracts/analytics.ts';
import { pageViewCounts, vitalSamples } from './schema.ts';
import { looksLikeBot } from './bots.ts';
import { addDays, indiaDay, reportRange, type DayRange } from './days.ts';
import { buildReport, type VitalRow } from './report.ts';

/** Beacons one address may send per minute: far above a person's page views, though many share a mobile IPv4. */
export const BEACONS_PER_MINUTE = 120;
/** Beacons the whole shop takes per minute, and page loads whose vitals are kept per day: ANALYTICS_* settings. */
export const SHOP_BEACONS_PER_MINUTE = 3000;
export const VITALS_PER_DAY = 20_000;
/** How long Web Vitals samples are kept; page view counters are small and kept. */
export const VITALS_KEPT_DAYS = 90;
/** The most viewed products a report lists. */

export interface AnalyticsServiceOptions {
  database: Database;
  /** Tells a product slug the catalogue knows, so a made-up one is counted without being stored. */
  isProduct: (slug: string) => Promise<boolean>;
  limiter: RateLimiter;
  beaconsPerMinute?: number;
  /** From every address together (decision 0050). */
  shopBeaconsPerMinute?: number;
  /** Page loads whose vitals are kept per India day, shop-wide: past it a beacon's vitals are dropped. */
  vitalsPerDay?: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** One beacon on its way through the workflow, with the day it counts for. */
interface Collecting {
  day: string;
  /** Whether the beacon counts a page view: not when it only carries the vitals of one counted before. */
  view: boolean;
  page: PageType;
  /** '' unless the catalogue knows the product. */
  product: string;
  samples: Array<{ metric: Vital; value: number }>;
  /** Whether this beacon is the first of its day in this process, so old samples are dropped once a day. */
  prunes: boolean;
}

/**
 * First-party analytics (decision 0037): the storefront's beacons count page views per day and page type and keep
 * page loads' Web Vitals, in one transaction:
 *
 *   countView → storeVitals → dropOldVitals
 *
 * and the back office reads page views and each vital's 75th percentile per page type.
 */
export class AnalyticsService {
  private readonly workflow: Workflow<Collecting>;
  private readonly now: () => Date;
  /** The day this process last dropped old samples. */
  private prunedDay = '';

  constructor(private readonly options: AnalyticsServiceOptions) {
    this.now = options.now ?? (() => new Date());
    this.workflow = {
      name: 'collectBeacon',
      steps: [
        { name: 'countView', run: countView },
        { name: 'storeVitals', run: storeVitals },
        { name: 'dropOldVitals', run: dropOldVitals },
      ],
      afterCommit: [{ name: 'rememberPrune', run: ({ day, prunes }) => prunes && (this.prunedDay = day) }],
    };
  }

  /**
   * Counts the beacon against its address's allowance, then, unless a bot sent it, against the whole shop's (over
   * either: 429); then counts its page view and stores its vitals, unless the day's vitals are full. The address and
   * user agent are read here and stored nowhere.
   */
  async collect(beacon: Beacon, sender: { ip: string; userAgent: string | undefined }): Promise<void> {
    const { limiter, beaconsPerMinute = BEACONS_PER_MINUTE } = this.options;
    const { shopBeaconsPerMinute = SHOP_BEACONS_PER_MINUTE } = this.options;
    await limiter.check([{ key: `analytics:${clientKey(sender.ip)}`, limit: beaconsPerMinute, windowSeconds: 60 }]);
    if (looksLikeBot(sender.userAgent)) return;
    // Apart from the address's: an address past its own allowance does not spend the shop's.
    await limiter.check([{ key: 'analytics:shop', limit: shopBeaconsPerMinute, windowSeconds: 60 }]);
    const day = indiaDay(this.now());
    const view = beacon.view !== false;
    const samples = (await this.keepsVitalsOn(day, beacon)) ? samplesOf(beacon) : [];
    if (!view && samples.length === 0) return;
    const known = view && beacon.product !== undefined && (await this.options.isProduct(beacon.product));
    await runWorkflow(this.options.database, this.workflow, {
      day,
      view,
      page: beacon.page,
      product: known ? beacon.product! : '',
      samples,
      prunes: day !== this.prunedDay,
    });
  }

  /**
   * Whether the day has room for this beacon's vitals: the shop keeps those of at most `vitalsPerDay` page loads a
   * day (four rows each at most), counted in the shared rate-limit store under the day's own key.
   */
  private async keepsVitalsOn(day: string, beacon: Beacon): Promise<boolean> {
    if (samplesOf(beacon).length === 0) return false;
    const { vitalsPerDay = VITALS_PER_DAY } = this.options;
    return this.options.limiter.allows({ key: `analytics:vitals:${day}`, limit: vitalsPerDay, windowSeconds: 2 * DAY });
  }

  /**
   * Page views per day and page type, the most viewed products, and each vital's p75 per page type, for the days
   * asked (by default the four weeks to today; see reportRange).
   */
  async report(asked: { from?: string; to?: string } = {}): Promise<AnalyticsReport> {
    const range = reportRange(asked, this.now());
    const { db } = this.options.database;
    const inRange = (day: typeof pageViewCounts.day) => between(day, range.from, range.to);
    const views = sql<number>`sum(${pageViewCounts.views})`.mapWith(Number);
    const [byDay, topProducts, vitals] = await Promise.all([
      db
        .select({ day: pageViewCounts.day, page: pageViewCounts.pageType, views })
        .from(pageViewCounts)
        .where(inRange(pageViewCounts.day))
        .groupBy(pageViewCounts.day, pageViewCounts.pageType)
        .orderBy(pageViewCounts.day, pageViewCounts.pageType),
      db
        .select({ slug: pageViewCounts.product, views })
        .from(pageViewCounts)
        .where(and(inRange(pageViewCounts.day), eq(pageViewCounts.pageType, 'product'), ne(pageViewCounts.product, '')))
        .groupBy(pageViewCounts.product)
        .orderBy(desc(views), pageViewCounts.product)
        .limit(TOP_PRODUCTS),
      vitalPercentiles(db, range),
    ]);
    return buildReport(range, byDay as Array<{ day: string; page: PageType; views: number }>, topProducts, vitals);
  }
}

const DAY = 24 * 60 * 60;

/** A beacon's vitals as the rows they are stored as. */
const samplesOf = (beacon: Beacon): Collecting['samples'] =>
  VITALS.flatMap((metric) => {
    const value = beacon.vitals?.[metric];
    return value === undefined ? [] : [{ metric, value }];
  });

async function countView(tx: Db, { day, view, page, product }: Collecting): Promise<void> {
  if (!view) return;
  await tx
    .insert(pageViewCounts)
    .values({ day, pageType: page, product, views: 1 })
    .onConflictDoUpdate({
      target: [pageViewCounts.day, pageViewCounts.pageType, pageViewCounts.product],
      set: { views: sql`${pageViewCounts.views} + 1` },
    });
}

async function storeVitals(tx: Db, { day, page, samples }: Collecting): Promise<void> {
  if (samples.length === 0) return;
  await tx.insert(vitalSamples).values(samples.map(({ metric, value }) => ({ day, pageType: page, metric, value })));
}

/** Bounds the samples table: once a day per process, samples older than VITALS_KEPT_DAYS go. */
async function dropOldVitals(tx: Db, { day, prunes }: Collecting): Promise<void> {
  if (!prunes) return;
  await tx.delete(vitalSamples).where(lt(vitalSamples.day, addDays(day, -(VITALS_KEPT_DAYS - 1))));
}

/**
 * Each vital's p75 and sample count per page type and, where `page` is null, over all pages: one query. A sample
 * outside what a real measurement can be (PLAUSIBLE_MAX) is left out, however it was stored.
 */
function vitalPercentiles(db: Db, range: DayRange): Promise<VitalRow[]> {
  const { metric, pageType, value, day } = vitalSamples;
  const plausible = or(...VITALS.map((name) => and(eq(metric, name), between(value, 0, PLAUSIBLE_MAX[name]))));
  return db
    .select({
      metric: sql<Vital>`${metric}`,
      page: sql<PageType | null>`case when grouping(${pageType}) = 1 then null else ${pageType} end`,
      p75: sql<number>`percentile_cont(0.75) within group (order by ${value})`.mapWith(Number),
      samples: count(),
    })
    .from(vitalSamples)
    .where(and(between(day, range.from, range.to), plausible))
    .groupBy(sql`grouping sets ((${metric}, ${pageType}), (${metric}))`)
    .orderBy(metric, pageType);
}
