// npm run bench:compare -- <git ref>: the prepaid checkout of this working tree against another commit's, on one
// PostgreSQL and one simulator, with the load switching between the two shops every few seconds. Runs back to back
// on this machine differ by a third from one to the next (decision 0020); alternating phases see the same machine.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ORDER_LIMITS, preparePostgresBuyers } from './cod-orders.ts';
import { Shoppers, openCarts, productIds, startBenchSimulator, summary, timedCheckouts } from './prepaid.ts';
import { ensureBuild, localPostgres, startShop, type RunningShop } from './server-process.ts';

const PAIRS = Number(process.env.COMPARE_PAIRS ?? 6);
/** Shorter than the shop's pool idle timeout (10 s), so neither shop's connections close while the other runs. */
const PHASE_S = 4;
const SHOPPERS = 2400;
const CONCURRENCY = 50;

/** A detached worktree of `ref` beside this one, sharing its node_modules and storefront build. */
function worktreeOf(ref: string): string {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { encoding: 'utf8' }).trim();
  const dir = path.resolve('.cache/compare', sha.slice(0, 12));
  if (!existsSync(dir)) {
    execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { stdio: 'inherit' });
    for (const shared of ['node_modules', 'build']) symlinkSync(path.resolve(shared), path.join(dir, shared));
  }
  return dir;
}

/** CPU ticks (1/100 s) of the whole machine, and of one process, from /proc (Linux). */
const machineTicks = () => {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return fields.reduce((sum, value) => sum + value, 0) - fields[3]! - fields[4]!; // less idle and iowait
};
const processTicks = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').at(-1)!.trim().split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

interface Side {
  name: string;
  shop: RunningShop;
  latencies: number[];
  failures: number;
  machine: number;
  own: number;
}

async function main() {
  const ref = process.argv[2];
  if (!ref) throw new Error('Usage: npm run bench:compare -- <git ref to compare this working tree with>');
  ensureBuild();
  const databaseUrl = await localPostgres('shop_bench_compare');
  if (!databaseUrl) throw new Error('bench:compare needs the local PostgreSQL');
  const bench = await startBenchSimulator(databaseUrl);
  const env = { ...ORDER_LIMITS, DATABASE_URL: databaseUrl, ...bench.env };
  const sides: Side[] = [];
  const admin = new pg.Client({ connectionString: databaseUrl });
  try {
    for (const [name, cwd, port] of [
      [ref, worktreeOf(ref), 3281],
      ['working tree', process.cwd(), 3282],
    ] as const) {
      const shop = await startShop(port, env, { cwd });
      sides.push({ name, shop, latencies: [], failures: 0, machine: 0, own: 0 });
    }
    const tokens = await preparePostgresBuyers(sides[0]!.shop.origin, databaseUrl, SHOPPERS);
    const products = await productIds(sides[0]!.shop.origin);
    await admin.connect();
    let shoppers = new Shoppers(tokens);
    // Each phase starts from the same state: the last phase's orders closed (a shopper may leave only 3 unpaid),
    // and their payments' first status checks, 20 s later, not left to run during the next phases.
    const nextPhase = async () => {
      await admin.query(`update orders set status = 'cancelled' where status <> 'cancelled'`);
      await admin.query(`delete from jobs where kind = 'payment-check'`);
      shoppers = new Shoppers(tokens);
    };
    for (const side of sides) {
      await openCarts(side.shop.origin, tokens, CONCURRENCY);
      await timedCheckouts(side.shop.origin, shoppers, products, 3, CONCURRENCY); // warm-up
      await nextPhase();
    }
    for (let pair = 0; pair < PAIRS; pair++) {
      for (const side of sides) {
        const pid = side.shop.process.pid!;
        const [machineBefore, ownBefore] = [machineTicks(), processTicks(pid)];
        const phase = await timedCheckouts(side.shop.origin, shoppers, products, PHASE_S, CONCURRENCY);
        side.machine += machineTicks() - machineBefore;
        side.own += processTicks(pid) - ownBefore;
        side.latencies.push(...phase.latencies);
        side.failures += phase.failures;
        await nextPhase();
      }
    }
    for (const side of sides) {
      const { count, p50, p95, failures } = summary(side.latencies, side.failures);
      const msEach = (ticks: number) => ((ticks * 10) / count).toFixed(2);
      console.log(
        `${side.name}: ${count} checkouts, ${(count / (PAIRS * PHASE_S)).toFixed(0)}/s, p50 ${p50} ms, p95 ${p95} ms; ` +
          `CPU per checkout: machine ${msEach(side.machine)} ms, shop ${msEach(side.own)} ms` +
          (failures ? `; ${failures} failed` : ''),
      );
    }
  } finally {
    await admin.end().catch(() => {});
    for (const side of sides) await side.shop.stop();
    await bench.close();
  }
}

await main();
