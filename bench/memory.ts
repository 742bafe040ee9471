// The memory part of `npm run bench` (issue 33, decision 0069): a shop started cold as `npm start` starts it (a
// fresh data directory, the demo seeded, the image warm-up on), its resident memory sampled from /proc every
// 100 ms: the peak while it seeds and warms images up, and what it holds once the warm-up is done and after a
// burst of page views; on PGlite and on PostgreSQL. And how long the home page's images take right after that
// start and after the next one, beside once warm: the first visitor must not wait for an image to be encoded.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { WARM_UP_DONE } from '../server/media/warm-up.ts';
import { dataDirOf, localPostgres, serveCommand } from './server-process.ts';

/** The ceilings of issue 33, in MB (a 1 GB VPS). */
export const MEMORY_CEILINGS = { embeddedPeak: 600, embeddedWarm: 350, postgresWarm: 250 };
/** Right after a start, the home page's images count as not waiting within this many times warm or this many ms. */
const COLD_IMAGES_SLOWER_AT_MOST = 3;
const COLD_IMAGES_MS_AT_MOST = 150;
const SAMPLE_MS = 100;
/** Page views after the warm-up, as a few visitors browsing make them. */
const BURST_VIEWS = 300;
const BURST_CONCURRENCY = 8;
/** A browser's connections to one origin. */
const IMAGE_CONCURRENCY = 6;

export interface MemoryRun {
  database: 'PGlite' | 'PostgreSQL';
  /** The highest resident set, MB, from the kernel's own high-water mark (VmHWM). */
  peakMb: number;
  /** Resident once the warm-up has logged its end, MB. */
  warmMb: number;
  /** Resident after BURST_VIEWS page views, MB. */
  afterViewsMb: number;
  warmUpMs: number;
  /** The home page and its images as a browser fetches them (6 at a time), right after the first start. */
  coldImagesMs: number;
  /** The same right after the next start, on the same data (as after a deploy). */
  restartImagesMs: number;
  /** The same once warm. */
  warmImagesMs: number;
  imageCount: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** VmRSS and VmHWM of a process, in MB; null once it has gone. */
function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** The window of the visitor the bench plays: a laptop's, at one device pixel per CSS pixel. */
const VIEWPORT_WIDTH = 1366;

/** The slot width a `sizes` attribute gives an image in VIEWPORT_WIDTH (its min-width conditions, px and vw). */
function slotWidth(sizes: string): number {
  for (const entry of sizes.split(',').map((part) => part.trim())) {
    const condition = /^\(min-width:\s*(\d+)px\)\s*(.+)$/.exec(entry);
    if (condition && VIEWPORT_WIDTH < Number(condition[1])) continue;
    const length = condition ? condition[2]! : entry;
    return length.endsWith('vw') ? (VIEWPORT_WIDTH * parseFloat(length)) / 100 : parseFloat(length);
  }
  return VIEWPORT_WIDTH;
}

/**
 * The images a browser asks for on this page: each <picture>'s AVIF candidate for its slot (the narrowest at least
 * as wide), as a current browser picks from the srcset; each plain <img> media src otherwise.
 */
function imagesOf(html: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<source [^>]*type="image\/avif"[^>]*>/g)) {
    const srcset = /srcSet="([^"]+)"/i.exec(tag)?.[1];
    if (!srcset) continue;
    const slot = slotWidth(/sizes="([^"]+)"/.exec(tag)?.[1] ?? '100vw');
    const candidates = srcset
      .split(',')
      .map((entry) => entry.trim().split(/\s+/) as [string, string])
      .map(([url, width]) => ({ url, width: parseInt(width, 10) }))
      .sort((a, b) => a.width - b.width);
    urls.add((candidates.find(({ width }) => width >= slot) ?? candidates.at(-1)!).url);
  }
  return [...urls];
}

/** Fetches the urls `concurrency` at a time; any failure throws. */
async function fetchAll(origin: string, urls: string[], concurrency: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const response = await fetch(`${origin}${url}`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

async function homeImagesMs(origin: string): Promise<{ ms: number; count: number }> {
  const started = performance.now();
  const html = await (await fetch(`${origin}/`)).text();
  const urls = imagesOf(html);
  await fetchAll(origin, urls, IMAGE_CONCURRENCY);
  return { ms: Math.round(performance.now() - started), count: urls.length };
}

interface SampledShop {
  origin: string;
  /** The highest resident set so far, MB (VmHWM, sampled every SAMPLE_MS). */
  peakMb(): number;
  residentMb(): number;
  logged(line: string): boolean;
  waitFor(what: string, done: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

/** Spawns the shop as `npm run serve` does, on `dataDir`, and samples its memory from the spawn on. */
function spawnShop(port: number, dataDir: string, env: Record<string, string>): SampledShop {
  const { NODE_ENV: _deployment, ...inherited } = process.env;
  const serve = serveCommand();
  const child = spawn(process.execPath, serve.nodeArgs, {
    env: {
      ...inherited,
      ...serve.env,
      LOG_LEVEL: 'info', // as `npm start` logs, and the warm-up's end is a log line
      IMAGE_WARM_UP: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  let peak = 0;
  const sample = () => {
    const memory = memoryOf(child.pid!);
    if (memory) peak = Math.max(peak, memory.hwm, memory.rss);
    return memory;
  };
  const sampler = setInterval(sample, SAMPLE_MS);
  return {
    origin: `http://127.0.0.1:${port}`,
    peakMb: () => (sample(), Math.round(peak)),
    residentMb: () => Math.round(sample()!.rss),
    logged: (line) => log.includes(line),
    async waitFor(what, done, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!(await done())) {
        if (child.exitCode !== null) throw new Error(`The shop exited while waiting for ${what}:\n${log}`);
        if (Date.now() > deadline) throw new Error(`No ${what} within ${timeoutMs} ms:\n${log}`);
        await pause(SAMPLE_MS);
      }
    },
    async stop() {
      clearInterval(sampler);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function untilHealthy(shop: SampledShop): Promise<void> {
  const healthy = async () => (await fetch(`${shop.origin}/api/health`).catch(() => null))?.ok === true;
  await shop.waitFor('answer from /api/health', healthy, 300_000);
}

/** BURST_VIEWS anonymous page views, BURST_CONCURRENCY at a time: the home page, /shop and each product's. */
async function browse(origin: string): Promise<void> {
  const pages = ['/', '/shop', ...(await productPaths(origin))];
  let views = 0;
  await Promise.all(
    Array.from({ length: BURST_CONCURRENCY }, async () => {
      while (views < BURST_VIEWS) await (await fetch(`${origin}${pages[views++ % pages.length]}`)).arrayBuffer();
    }),
  );
}

/**
 * Starts a shop cold (a fresh data directory; `env` adds DATABASE_URL for PostgreSQL) and measures it as above;
 * then starts it again on the same data, as after a deploy, and times the first visitor's images there too.
 */
export async function measureColdStart(
  port: number,
  database: MemoryRun['database'],
  env: Record<string, string> = {},
): Promise<MemoryRun> {
  const dataDir = path.resolve(dataDirOf(port));
  rmSync(dataDir, { recursive: true, force: true });
  const started = Date.now();
  const first = spawnShop(port, dataDir, env);
  try {
    await untilHealthy(first);
    const cold = await homeImagesMs(first.origin); // the first visitor, at once
    await first.waitFor(WARM_UP_DONE, () => first.logged(WARM_UP_DONE), 1_200_000);
    const warmUpMs = Date.now() - started;
    await pause(1000);
    const warmMb = first.residentMb();
    const warm = await homeImagesMs(first.origin);
    await browse(first.origin);
    await pause(1000);
    const afterViewsMb = first.residentMb();
    const peakMb = first.peakMb();
    await first.stop();
    const again = spawnShop(port, dataDir, env);
    try {
      await untilHealthy(again);
      const restarted = await homeImagesMs(again.origin);
      return {
        database,
        peakMb,
        warmMb,
        afterViewsMb,
        warmUpMs,
        coldImagesMs: cold.ms,
        restartImagesMs: restarted.ms,
        warmImagesMs: warm.ms,
        imageCount: cold.count,
      };
    } finally {
      await again.stop();
    }
  } finally {
    await first.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function productPaths(origin: string): Promise<string[]> {
  const answer = (await (await fetch(`${origin}/api/product/all-products`)).json()) as {
    products: Array<{ slug: string }>;
  };
  return answer.products.map((product) => `/product/${product.slug}`);
}

const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

/** The cold starts, on PGlite and (when the local PostgreSQL answers) on PostgreSQL; returns the goal lines. */
export async function measureMemory(port: number): Promise<string[]> {
  const runs = [await measureColdStart(port, 'PGlite')];
  const databaseUrl = await localPostgres('shop_bench_memory');
  if (databaseUrl) runs.push(await measureColdStart(port, 'PostgreSQL', { DATABASE_URL: databaseUrl }));
  console.log('\nMemory of a cold first start (`npm start`: demo seeded, image warm-up on), resident:');
  for (const run of runs) {
    console.log(
      `  ${run.database}: peak ${run.peakMb} MB, ${run.warmMb} MB once the warm-up is done (${(run.warmUpMs / 1000).toFixed(0)} s ` +
        `after the spawn), ${run.afterViewsMb} MB after ${BURST_VIEWS} page views; the home page's ${run.imageCount} images ` +
        `${run.coldImagesMs} ms right after the first start, ${run.restartImagesMs} ms right after the next, ${run.warmImagesMs} ms warm`,
    );
  }
  const [embedded, postgres] = runs as [MemoryRun, MemoryRun | undefined];
  const held = (run: MemoryRun) => Math.max(run.warmMb, run.afterViewsMb);
  const lines = [
    `  embedded database peak from a cold first start at most ${MEMORY_CEILINGS.embeddedPeak} MB: ${embedded.peakMb} MB ${verdict(embedded.peakMb <= MEMORY_CEILINGS.embeddedPeak)}`,
    `  embedded database after warm-up and page views at most ${MEMORY_CEILINGS.embeddedWarm} MB: ${held(embedded)} MB ${verdict(held(embedded) <= MEMORY_CEILINGS.embeddedWarm)}`,
  ];
  if (postgres) {
    lines.push(
      `  PostgreSQL-backed after warm-up and page views at most ${MEMORY_CEILINGS.postgresWarm} MB: ${held(postgres)} MB ${verdict(held(postgres) <= MEMORY_CEILINGS.postgresWarm)}`,
    );
  }
  for (const run of runs) {
    const ceiling = Math.max(COLD_IMAGES_MS_AT_MOST, run.warmImagesMs * COLD_IMAGES_SLOWER_AT_MOST);
    const within = `at most ${COLD_IMAGES_SLOWER_AT_MOST}× warm (${run.warmImagesMs} ms) or ${COLD_IMAGES_MS_AT_MOST} ms`;
    for (const [start, ms] of [
      ['first start', run.coldImagesMs],
      ['next start', run.restartImagesMs],
    ] as const) {
      lines.push(
        `  home page's images right after the ${start} on ${run.database} ${within}: ${ms} ms ${verdict(ms <= ceiling)}`,
      );
    }
  }
  return lines;
}
