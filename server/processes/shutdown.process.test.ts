import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { startShopProcess, type ShopProcess } from '../testing/shop-process.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// One data directory for every start here: only the first pays for creating the database.
const dataDir = path.resolve('.cache/processes', `shutdown-${randomBytes(6).toString('hex')}`);
const startShop = () =>
  startShopProcess({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info' }, { timeoutMs: 300_000 });

/** Resolves with the exit code and how long after `since` the process ended. */
async function exitOf(shop: ShopProcess, since: number) {
  const code = await shop.exited;
  return { code, afterMs: Date.now() - since };
}

async function portRefuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * A request the server has taken on, its handler waiting for a body that arrives only on `finish()`: headers
 * complete (so it is routed, not turned away as the server closes), the body held back.
 */
async function startRequest(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let response = '';
  socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
  socket.on('error', () => {});
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const body = JSON.stringify({ email: 'asha@example.in' });
  socket.write(
    'POST /api/auth/forgot-password HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
  );
  await pause(300); // the server has read the headers
  return {
    finish: async () => {
      socket.write(body);
      await ended;
      return response;
    },
    destroy: () => socket.destroy(),
  };
}

let shop: ShopProcess | undefined;
afterEach(() => shop?.kill('SIGKILL'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('stopping the shop process', () => {
  test('an idle shop exits with code 0 within 5 s of SIGTERM, its port closed', async () => {
    shop = await startShop();
    const since = Date.now();
    shop.kill('SIGTERM');
    const { code, afterMs } = await exitOf(shop, since);
    expect(code).toBe(0);
    expect(afterMs).toBeLessThan(5000);
    expect(await portRefuses(shop.port)).toBe(true);
    expect(shop.output()).toContain('SIGTERM received, shutting down');
  }, 400_000);

  test('a request in flight at SIGTERM is answered; new connections are refused; then it exits with 0', async () => {
    shop = await startShop();
    const request = await startRequest(shop.port);
    const since = Date.now();
    shop.kill('SIGTERM');
    await pause(500);
    expect(shop.child.exitCode).toBeNull(); // it waits for the request
    expect(await portRefuses(shop.port)).toBe(true);
    const response = await request.finish();
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    const { code, afterMs } = await exitOf(shop, since);
    expect(code).toBe(0);
    expect(afterMs).toBeLessThan(5000);
  }, 400_000);

  test('a second SIGTERM exits at once, even while a request hangs', async () => {
    shop = await startShop();
    const request = await startRequest(shop.port);
    shop.kill('SIGTERM');
    await pause(500);
    const since = Date.now();
    shop.kill('SIGTERM');
    const { code, afterMs } = await exitOf(shop, since);
    request.destroy();
    expect(code).toBe(1);
    expect(afterMs).toBeLessThan(1500);
  }, 400_000);

  test('a shutdown stuck on a request that never ends exits anyway after its deadline', async () => {
    shop = await startShop();
    const request = await startRequest(shop.port);
    const since = Date.now();
    shop.kill('SIGTERM');
    const { code, afterMs } = await exitOf(shop, since);
    request.destroy();
    expect(code).toBe(1);
    expect(afterMs).toBeGreaterThanOrEqual(7500);
    expect(afterMs).toBeLessThan(11_000);
    expect(shop.output()).toContain('exiting anyway');
  }, 400_000);
});

describe('draining before a shutdown (issue 33)', () => {
  const readiness = async (port: number) => {
    const answer = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
    return { status: answer.status, body: (await answer.json()) as { status: string } };
  };

  test('readiness answers 503 draining at SIGTERM while requests are served for SHUTDOWN_DRAIN_MS; then it exits 0', async () => {
    shop = await startShopProcess(
      { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info', SHUTDOWN_DRAIN_MS: '1500' },
      { timeoutMs: 300_000 },
    );
    expect(await readiness(shop.port)).toEqual({ status: 200, body: { status: 'ready' } });
    const since = Date.now();
    shop.kill('SIGTERM');
    await pause(200);
    expect(await readiness(shop.port)).toEqual({ status: 503, body: { status: 'draining' } });
    const live = await fetch(`http://127.0.0.1:${shop.port}/api/health/live`);
    expect(live.status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${shop.port}/api/product/all-products`)).status).toBe(200);
    expect(Date.now() - since).toBeLessThan(1500);
    const { code, afterMs } = await exitOf(shop, since);
    expect(code).toBe(0);
    expect(afterMs).toBeGreaterThanOrEqual(1500);
    expect(afterMs).toBeLessThan(6500);
    expect(shop.output()).toContain('shutting down after serving 1500 ms more');
  }, 400_000);

  test('a worker process (WORKER_MODE=worker) answers its health routes only', async () => {
    shop = await startShopProcess(
      { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info', WORKER_MODE: 'worker' },
      { timeoutMs: 300_000 },
    );
    const origin = `http://127.0.0.1:${shop.port}`;
    expect((await fetch(`${origin}/api/health/live`)).status).toBe(200);
    expect(await readiness(shop.port)).toEqual({ status: 200, body: { status: 'ready' } });
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
    for (const path of ['/api/product/all-products', '/', '/shop', '/api/docs', '/api/health/anything']) {
      const answer = await fetch(origin + path);
      expect(answer.status, path).toBe(404);
      expect(await answer.json(), path).toEqual({ message: 'Not found' });
    }
  }, 400_000);
});
