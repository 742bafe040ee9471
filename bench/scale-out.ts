// The scale-out figure of `npm run bench` (issue 33): three shop processes behind nginx (deploy/nginx/shop.conf)
// against one behind the same nginx, on the same load of page views and catalogue reads. Requests per CPU-second of
// the shop processes say what splitting costs; requests per second say what the machine gains.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { startNginx } from '../server/testing/nginx-proxy.ts';
import { SteadyLoad, isFailure, type LoadMix } from '../server/testing/steady-load.ts';
import { ORDER_LIMITS } from './cod-orders.ts';
import { localPostgres, startShop, type RunningShop } from './server-process.ts';
import { catalogue } from './storefront.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** One process then three, this many times; the figures are the means. */
const ROUNDS = Number(process.env.BENCH_SCALE_OUT_ROUNDS ?? 3);
/**
 * Before the rounds, the load through nginx on all three processes for this long: a fresh process takes tens of
 * seconds of traffic before V8 has optimised its hot code, and each of three gets a third of it. With a 6 s warm-up
 * alone, three fresh processes took twice the CPU per request of the one that had served since the start; after
 * about a minute of traffic, an eighth more (decision 0076). What splitting costs is judged on warm processes.
 */
const WARM_ALL_S = Number(process.env.BENCH_SCALE_OUT_WARM_ALL ?? 30);
/** Splitting the load over three processes may cost each request at most a quarter more CPU. */
const CPU_SHARE = 0.75;
const CLOCK_TICKS = Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim());

/** The CPU-seconds a process has used so far: utime + stime of /proc/<pid>/stat. */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis: state is field 3, utime 14 and stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** nginx's master and its workers. */
const nginxPids = (master: number) => [
  master,
  ...readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
];

interface Run {
  requestsPerSecond: number;
  requestsPerCpuSecond: number;
  /** CPU-seconds per second of the shops, nginx and this load generator: who had the cores. */
  cores: { shops: number; nginx: number; load: number };
  failures: number;
}

/** The load through nginx in front of `shops` for `seconds`, nothing measured. */
async function warmUpBehindNginx(shops: RunningShop[], mix: (origin: string) => LoadMix, seconds: number) {
  const nginx = await startNginx(shops.map(({ origin }) => Number(new URL(origin).port)));
  try {
    const warmUp = new SteadyLoad(nginx.origin, mix(nginx.origin));
    await warmUp.lanes(CONNECTIONS, seconds * 1000);
    await warmUp.close();
  } finally {
    await nginx.stop();
  }
}

/** The load through nginx in front of `shops`, warmed up first; the shops' CPU counted over the measured part. */
async function measureBehindNginx(shops: RunningShop[], mix: (origin: string) => LoadMix): Promise<Run> {
  const nginx = await startNginx(shops.map(({ origin }) => Number(new URL(origin).port)));
  try {
    const warmUp = new SteadyLoad(nginx.origin, mix(nginx.origin));
    await warmUp.lanes(CONNECTIONS, WARMUP_S * 1000);
    await warmUp.close();
    const load = new SteadyLoad(nginx.origin, mix(nginx.origin));
    const sum = (pids: number[]) => pids.reduce((total, pid) => total + cpuSecondsOf(pid), 0);
    const shopPids = shops.map((shop) => shop.process.pid!);
    const ownPids = nginxPids(nginx.pid);
    const shopsBefore = sum(shopPids);
    const nginxBefore = sum(ownPids);
    const loadBefore = process.cpuUsage();
    const started = Date.now();
    await load.lanes(CONNECTIONS, DURATION_S * 1000);
    const seconds = (Date.now() - started) / 1000;
    const shopSeconds = sum(shopPids) - shopsBefore;
    const loadUsage = process.cpuUsage(loadBefore);
    const cores = {
      shops: shopSeconds / seconds,
      nginx: (sum(ownPids) - nginxBefore) / seconds,
      load: (loadUsage.user + loadUsage.system) / 1e6 / seconds,
    };
    await load.close();
    const answered = load.outcomes.length;
    return {
      requestsPerSecond: answered / seconds,
      requestsPerCpuSecond: answered / shopSeconds,
      cores,
      failures: load.outcomes.filter((outcome) => isFailure(outcome) || outcome.status !== 200).length,
    };
  } finally {
    await nginx.stop();
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const meanOf = (runs: Run[]): Run => ({
  requestsPerSecond: mean(runs.map((run) => run.requestsPerSecond)),
  requestsPerCpuSecond: mean(runs.map((run) => run.requestsPerCpuSecond)),
  cores: {
    shops: mean(runs.map((run) => run.cores.shops)),
    nginx: mean(runs.map((run) => run.cores.nginx)),
    load: mean(runs.map((run) => run.cores.load)),
  },
  failures: runs.reduce((sum, run) => sum + run.failures, 0),
});

const describeRun = (label: string, run: Run) =>
  `${label}: ${run.requestsPerSecond.toFixed(0)} req/s, ${run.requestsPerCpuSecond.toFixed(0)} req per CPU-second of the shop; ` +
  `cores busy: shop ${run.cores.shops.toFixed(2)}, nginx ${run.cores.nginx.toFixed(2)}, load generator ${run.cores.load.toFixed(2)}` +
  (run.failures ? `\n  ! ${run.failures} failed` : '');

/** One process, then three, on one PostgreSQL database and Redis; returns the goal lines. */
export async function measureScaleOut(firstPort: number): Promise<string[]> {
  const databaseUrl = await localPostgres('shop_bench_scale_out');
  if (!databaseUrl) {
    console.log('\nScale-out behind nginx: skipped, it needs PostgreSQL');
    return [];
  }
  const env = { ...ORDER_LIMITS, DATABASE_URL: databaseUrl, REDIS_URL: 'redis://127.0.0.1:6379', TRUST_PROXY: '1' };
  const first = await startShop(firstPort, env); // migrates and seeds alone
  const shops = [first, ...(await Promise.all([1, 2].map((offset) => startShop(firstPort + offset, env))))];
  try {
    const product = (await catalogue(first.origin))[0]!;
    const mix = (): LoadMix => ({
      pages: [`/product/${product.slug}`, '/shop'],
      reads: ['/api/product/all-products', `/api/product/${product._id}`],
    });
    await warmUpBehindNginx(shops, mix, WARM_ALL_S);
    // In turns, so that whatever else the machine runs weighs on both alike.
    const ones: Run[] = [];
    const threes: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      ones.push(await measureBehindNginx([first], mix));
      threes.push(await measureBehindNginx(shops, mix));
    }
    const [one, three] = [meanOf(ones), meanOf(threes)];
    const cores = availableParallelism();
    console.log(
      `\nPage views and catalogue reads through nginx, ${CONNECTIONS} connections, ${cores} cores (load generator and nginx on them too), all three warmed up for ${WARM_ALL_S} s, mean of ${ROUNDS} rounds:`,
    );
    console.log(describeRun('  1 shop process', one));
    console.log(describeRun('  3 shop processes', three));
    const cpuRatio = three.requestsPerCpuSecond / one.requestsPerCpuSecond;
    const throughputRatio = three.requestsPerSecond / one.requestsPerSecond;
    const throughputFloor = Math.max(1, 0.5 * Math.min(cores, 3));
    const clean = one.failures === 0 && three.failures === 0;
    return [
      `  3 processes' requests per CPU-second at least ${CPU_SHARE} of 1 process's: ${cpuRatio.toFixed(2)} ${cpuRatio >= CPU_SHARE && clean ? 'met' : 'NOT met'}`,
      `  3 processes' requests per second at least ${throughputFloor.toFixed(1)} × 1 process's on ${cores} cores: ${throughputRatio.toFixed(2)} ${throughputRatio >= throughputFloor && clean ? 'met' : 'NOT met'}`,
    ];
  } finally {
    await Promise.all(shops.map((shop) => shop.stop()));
  }
}
