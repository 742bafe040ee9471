import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../testing/harness.ts';
import { BAD_INPUT_MESSAGE, installErrorHandling } from './errors.ts';

let shop: TestShop;
let app: FastifyInstance;
beforeAll(async () => {
  shop = await startTestShop({ SEED_DEMO: 'false' });
  // A route that passes its input to PostgreSQL unvalidated, as a field a validator missed would.
  app = Fastify({ logger: false });
  installErrorHandling(app);
  app.post<{ Body: { text: string; cast: 'text' | 'uuid' | 'jsonb' } }>('/unvalidated', async (request) => {
    const { text, cast } = request.body;
    const value = cast === 'jsonb' ? JSON.stringify({ text }) : text;
    await shop.services.database.db.execute(sql`select ${value}::${sql.raw(cast)}`);
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await shop?.close();
});

const send = (text: string, cast: string) =>
  app.inject({ method: 'POST', url: '/unvalidated', payload: { text, cast } });

describe('input the database refuses', () => {
  it.each([
    ['NUL in text (22021)', 'As\u0000ha', 'text'],
    ['a malformed uuid (22P02)', 'not-a-uuid', 'uuid'],
    ['NUL in JSON (22P05)', 'As\u0000ha', 'jsonb'],
  ])('answers %s with 400 and a message, not 500', async (_label, text, cast) => {
    const response = await send(text, cast);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: BAD_INPUT_MESSAGE });
  });

  it('still answers other database failures with a 500 that says nothing', async () => {
    const response = await send('1', 'no_such_type');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect((await send('Asha', 'text')).statusCode).toBe(200);
  });
});
