// One log line per answered request (decision 0043): writes, refusals and slow answers at info, good reads at debug.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AnsweredRequestLog, createLogger } from './logger.ts';

async function linesFor(level: string, send: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
  const lines: Array<{ level: number; msg: string; req?: { method: string; url: string }; res?: object }> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const app = Fastify({ loggerInstance: createLogger(level, destination), logController: new AnsweredRequestLog() });
  app.get('/thing', async () => ({ ok: true }));
  app.post('/thing', async () => ({ ok: true }));
  await send(app);
  await app.close();
  return lines.filter((line) => line.req);
}

const INFO = 30;
const DEBUG = 20;

describe('the request log', () => {
  it('logs each write and each refusal once, at info, and reads that went well not at all', async () => {
    const lines = await linesFor('info', async (app) => {
      await app.inject({ method: 'GET', url: '/thing' });
      await app.inject({ method: 'POST', url: '/thing' });
      await app.inject({ method: 'GET', url: '/missing' });
    });
    expect(lines.map(({ level, msg, req }) => [level, msg, req!.method, req!.url])).toEqual([
      [INFO, 'request completed', 'POST', '/thing'],
      [INFO, 'request completed', 'GET', '/missing'],
    ]);
  });

  it('logs the reads too at debug', async () => {
    const lines = await linesFor('debug', (app) => app.inject({ method: 'GET', url: '/thing' }));
    expect(lines.map(({ level, req }) => [level, req!.url])).toEqual([[DEBUG, '/thing']]);
  });

  it('replaces link tokens with [redacted]: in the path and in every token= query value', async () => {
    const stop = '/thing?token=3f2a.c2lnbmF0dXJl&x=1&Token=second';
    const lines = await linesFor('info', async (app) => {
      await app.inject({ method: 'POST', url: stop });
      await app.inject({ method: 'GET', url: '/api/auth/verify-email/abc123?token=q' });
    });
    expect(lines.map(({ req }) => req!.url)).toEqual([
      '/thing?token=[redacted]&x=1&Token=[redacted]',
      '/api/auth/verify-email/[redacted]?token=[redacted]',
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/c2lnbmF0dXJl|second|abc123/);
  });
});
