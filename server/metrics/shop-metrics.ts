import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../platform/db/client.ts';
import type { GaugeFamily, HttpObserver, PageCacheCounts } from '../platform/metrics/face.ts';

type Durations = Histogram<'method' | 'route' | 'status_code'>;
type Child = ReturnType<Durations['labels']>;

/**
 * One process's metrics (decision 0066), in a registry of its own: several shops in one process (tests) never share
 * a family. Answers are timed into `http_request_duration_seconds`; the gauges are read when /metrics is asked.
 */
export class ShopMetrics implements HttpObserver {
  readonly registry = new Registry();
  private readonly durations: Durations;
  /** The histogram's child per method, route and status, so an answer builds no label key. */
  private readonly children = new Map<string, Map<string, Map<number, Child>>>();
  private readonly pageCaches: Array<() => PageCacheCounts> = [];

  constructor(
    database: Pick<Database, 'connections'>,
    /** The modules' gauges: a list filled once every module is created, registered at start (addGauges). */
    private readonly gauges: readonly GaugeFamily[],
    private readonly warn: (message: string, error?: unknown) => void,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    const pageCaches = this.pageCaches;
    const total = (count: 'hits' | 'misses') => pageCaches.reduce((sum, counts) => sum + counts()[count], 0);
    for (const count of ['hits', 'misses'] as const) {
      new Counter({
        name: `shop_page_cache_${count}_total`,
        help: `Storefront pages the page cache answered (hits) or had to render (misses)`,
        registers,
        collect() {
          this.reset();
          this.inc(total(count));
        },
      });
    }
    new Gauge({
      name: 'shop_db_pool_connections',
      help: "The database pool's connections: total open, idle, and callers waiting for one (PGlite: 1 open, idle)",
      labelNames: ['state'],
      registers,
      collect() {
        const { total: open, idle, waiting } = database.connections();
        this.set({ state: 'total' }, open);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  /** The modules' gauges, each read at every scrape; called once every module is created (the list is filled). */
  addGauges(): void {
    const warn = this.warn;
    for (const family of this.gauges) {
      new Gauge({
        name: family.name,
        help: family.help,
        labelNames: [...family.labelNames],
        registers: [this.registry],
        async collect() {
          try {
            const samples = await family.read();
            this.reset();
            for (const { labels, value } of samples) this.set(labels, value);
          } catch (error) {
            this.reset();
            warn(`metrics: ${family.name} could not be read`, error);
          }
        },
      });
    }
  }

  answered(method: string, route: string, statusCode: number, seconds: number): void {
    let routes = this.children.get(method);
    if (!routes) this.children.set(method, (routes = new Map()));
    let statuses = routes.get(route);
    if (!statuses) routes.set(route, (statuses = new Map()));
    let child = statuses.get(statusCode);
    if (!child) statuses.set(statusCode, (child = this.durations.labels(method, route, String(statusCode))));
    child.observe(seconds);
  }

  pageCache(counts: () => PageCacheCounts): void {
    this.pageCaches.push(counts);
  }
}
