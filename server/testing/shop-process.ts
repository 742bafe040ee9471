import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** A shop running as its own Node.js process (`server/main.ts`), as an operator starts it. */
export interface ShopProcess {
  origin: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<number | NodeJS.Signals | null>;
  kill(signal?: NodeJS.Signals): void;
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `node --import tsx server/main.ts` with the given environment (on top of a quiet, local default) and,
 * unless `waitForHealth` is false, waits until GET /api/health answers. The storefront build must exist.
 */
export async function startShopProcess(
  env: Record<string, string>,
  { waitForHealth = true, timeoutMs = 120_000 }: { waitForHealth?: boolean; timeoutMs?: number } = {},
): Promise<ShopProcess> {
  if (!existsSync('build/server/index.js')) throw new Error('No storefront build: run `npm run build` first.');
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      // Minutes of image encoding beside a test's work: only the warm-up's own test (cold-images) turns it on.
      IMAGE_WARM_UP: 'false',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const origin = `http://127.0.0.1:${port}`;
  const shop: ShopProcess = {
    origin,
    port,
    child,
    output: () => log,
    exited,
    kill: (signal = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    async stop() {
      shop.kill('SIGTERM');
      return exited;
    },
  };
  if (!waitForHealth) return shop;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The shop exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${log}`);
    }
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return shop;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      shop.kill();
      throw new Error(`The shop did not answer /api/health within ${timeoutMs} ms:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The page path of the first product a shop process lists. */
export async function firstProductPath(origin: string): Promise<string> {
  const { products } = (await (await fetch(`${origin}/api/product/all-products`)).json()) as {
    products: { slug: string }[];
  };
  return `/product/${products[0]!.slug}`;
}
