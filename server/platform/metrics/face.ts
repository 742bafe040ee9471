// What the metrics module reads of the others (decision 0066): gauges read from their tables at scrape time, and the
// HTTP server's answers that Fastify never sees (the fast paths) and the page cache's counts.
import { extensionPoint } from '../kernel/face.ts';

/** One series of a gauge: its labels' values and its value. */
export interface GaugeSample {
  labels: Record<string, string>;
  value: number;
}

/** A gauge family a module reads from its own tables when /metrics is asked (keep it to one cheap query). */
export interface GaugeFamily {
  /** Prometheus' name, e.g. shop_jobs_queued. */
  name: string;
  help: string;
  labelNames: readonly string[];
  read(): Promise<GaugeSample[]>;
}

export const metricsGauges = extensionPoint<GaugeFamily>('metrics.gauges');

/** The page cache's counts since the process started. */
export interface PageCacheCounts {
  hits: number;
  misses: number;
}

/** What the root tells the metrics of the HTTP server: answers before Fastify and the page cache. */
export interface HttpObserver {
  /**
   * An answer a fast path sent before Fastify: its route pattern (as Fastify's route would name it, never the raw
   * path), status and time in seconds. Called on every such answer: keep it allocation-free.
   */
  answered(method: string, route: string, statusCode: number, seconds: number): void;
  /** This process's page cache, read at each scrape. */
  pageCache(counts: () => PageCacheCounts): void;
}

export const httpObservers = extensionPoint<HttpObserver>('http.observers');
