import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export interface RunningShop {
  origin: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * How `npm run serve` (and so `npm start`) starts the shop: the environment its script sets and the flags it gives
 * Node (decision 0069), read from package.json so the bench measures that very start, without npm's own process.
 */
export function serveCommand(cwd = process.cwd()): { env: Record<string, string>; nodeArgs: string[] } {
  const { scripts } = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = scripts.serve!.split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0]!)) {
    const [name, value] = words.shift()!.split('=') as [string, string];
    env[name] = value;
  }
  // An older checkout (bench/compare.ts) may start `tsx` itself.
  if (words[0] === 'tsx') return { env, nodeArgs: ['--import', 'tsx', ...words.slice(1)] };
  if (words[0] !== 'node') throw new Error(`The serve script does not start node: ${scripts.serve}`);
  return { env, nodeArgs: words.slice(1) };
}

/** Builds the storefront unless a build exists (or rebuild is asked for). */
export function ensureBuild(rebuild = false): void {
  if (rebuild || !existsSync('build/server/index.js')) execSync('npm run build', { stdio: 'inherit' });
}

/** The local PostgreSQL's Unix socket, where Debian's packages put it. */
const LOCAL_SOCKET_DIR = '/var/run/postgresql';

/**
 * The local PostgreSQL, as a shop on the same machine reaches it: through its Unix socket when it has one (over
 * loopback TCP the prepaid bench placed fewer checkouts a second; decision 0020), else TCP.
 */
function localPostgresUrl(): string {
  if (process.env.BENCH_POSTGRES_URL) return process.env.BENCH_POSTGRES_URL;
  if (existsSync(`${LOCAL_SOCKET_DIR}/.s.PGSQL.5432`))
    return `postgres://postgres@localhost/postgres?host=${LOCAL_SOCKET_DIR}`;
  return 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** A database on the local PostgreSQL, created if missing; null when no server answers. */
export async function localPostgres(name: string): Promise<string | null> {
  const base = localPostgresUrl();
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } catch {
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `fn` with a connection to the database at `databaseUrl`, closed afterwards. */
export async function withClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The data directory of the shop on this port. */
export const dataDirOf = (port: number) => `.cache/run-${port}`;

/**
 * Starts the shop as `npm run serve` does (its environment and Node flags) and waits for /api/health: React's production build, in local mode (no NODE_ENV, so
 * no SMTP_URL or PUBLIC_URL needed), on a fresh data directory unless `keepData`.
 */
export async function startShop(
  port: number,
  env: Record<string, string>,
  { keepData = false, cwd = process.cwd(), logFile }: { keepData?: boolean; cwd?: string; logFile?: string } = {},
): Promise<RunningShop> {
  const dataDir = dataDirOf(port);
  if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  // A shop logging at the default level writes its log to a file rather than over the bench's report.
  const log = logFile ? openSync(logFile, 'a') : 'inherit';
  const { NODE_ENV: _deployment, ...inherited } = process.env;
  // Node itself (not npx) so that stopping the child stops the server.
  const serve = serveCommand(cwd);
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...serve.nodeArgs],
    {
      env: {
        ...inherited,
        ...serve.env,
        LOG_LEVEL: 'warn',
        // The bench measures a shop at rest, not one encoding its images in the background.
        IMAGE_WARM_UP: 'false',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.resolve(dataDir), // the shop may run in another directory (bench/compare.ts)
        ...env,
      },
      stdio: ['ignore', log, 'inherit'],
      cwd,
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The shop exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The shop did not start within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    origin,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
