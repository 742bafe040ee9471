import { and, between, count, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { runWorkflow, type Workflow } from '../db/workflow.ts';
import { clientKey } from '../http/client-ip.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import {
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
/** How long Web Vitals samples are kept; page view counters are small and kept. */
export const VITALS_KEPT_DAYS = 90;
/** The most viewed products a report lists. */

export interface AnalyticsServiceOptions {
  database: Database;
  /** Tells a product slug the catalogue knows, so a made-up one is counted without being stored. */
  isProduct: (slug: string) => Promise<boolean>;
  limiter: RateLimiter;
  beaconsPerMinute?: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** One beacon on its way through the workflow, with the day it counts for. */
interface Collecting {
  day: string;
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
   * Counts the beacon against its address's allowance (over it: 429), then, unless a bot sent it, counts its page
   * view and stores its vitals. The address and user agent are read here and stored nowhere.
   */
  async collect(beacon: Beacon, sender: { ip: string; userAgent: string | undefined }): Promise<void> {
    const { beaconsPerMinute = BEACONS_PER_MINUTE } = this.options;
    await this.options.limiter.check([
      { key: `analytics:${clientKey(sender.ip)}`, limit: beaconsPerMinute, windowSeconds: 60 },
    ]);
    if (looksLikeBot(sender.userAgent)) return;
    const known = beacon.product !== undefined && (await this.options.isProduct(beacon.product));
    const day = indiaDay(this.now());
    await runWorkflow(this.options.database, this.workflow, {
      day,
      page: beacon.page,
      product: known ? beacon.product! : '',
      samples: VITALS.flatMap((metric) => {
        const value = beacon.vitals?.[metric];
        return value === undefined ? [] : [{ metric, value }];
      }),
      prunes: day !== this.prunedDay,
    });
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

async function countView(tx: Db, { day, page, product }: Collecting): Promise<void> {
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

/** Each vital's p75 and sample count per page type and, where `page` is null, over all pages: one query. */
function vitalPercentiles(db: Db, range: DayRange): Promise<VitalRow[]> {
  const { metric, pageType, value, day } = vitalSamples;
  return db
    .select({
      metric: sql<Vital>`${metric}`,
      page: sql<PageType | null>`case when grouping(${pageType}) = 1 then null else ${pageType} end`,
      p75: sql<number>`percentile_cont(0.75) within group (order by ${value})`.mapWith(Number),
      samples: count(),
    })
    .from(vitalSamples)
    .where(between(day, range.from, range.to))
    .groupBy(sql`grouping sets ((${metric}, ${pageType}), (${metric}))`)
    .orderBy(metric, pageType);
}
