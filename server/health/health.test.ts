import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import { ProcessState } from '../platform/process-state.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ SEED_DEMO: 'false' });
});
afterAll(async () => {
  await shop?.close();
});

const get = async (url: string) => {
  const answer = await shop.app.inject({ method: 'GET', url });
  return { status: answer.statusCode, body: answer.json<unknown>() };
};

describe('liveness and readiness (issue 33)', () => {
  it('a process is starting, then ready once started, then draining for good', () => {
    const state = new ProcessState();
    expect(state.phase).toBe('starting');
    state.started();
    expect(state.phase).toBe('ready');
    state.drain();
    state.started();
    expect(state.phase).toBe('draining');
  });

  it('answers live and ready once the shop is started', async () => {
    expect(await get('/api/health/live')).toEqual({ status: 200, body: { status: 'live' } });
    expect(await get('/api/health/ready')).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('answers 503 draining once a shutdown began, while live and /api/health still answer 200', async () => {
    shop.services.processState.drain();
    expect(await get('/api/health/ready')).toEqual({ status: 503, body: { status: 'draining' } });
    expect((await get('/api/health/live')).status).toBe(200);
    expect((await get('/api/health')).status).toBe(200);
  });
});

describe('readiness without a database', () => {
  it('answers 503 unavailable when the database does not answer, and live still 200', async () => {
    const other = await startTestShop({ SEED_DEMO: 'false' });
    try {
      await other.services.database.close();
      const ready = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect({ status: ready.statusCode, body: ready.json<unknown>() }).toEqual({
        status: 503,
        body: { status: 'unavailable' },
      });
      expect((await other.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await other.close().catch(() => {});
    }
  });
});
