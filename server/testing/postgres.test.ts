import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { createScratchDatabase } from './postgres.ts';

const baseUrl = process.env.TEST_DATABASE_URL;

// Once, on the PostgreSQL project: the helper every PostgreSQL test uses to clean up after itself.
describe.skipIf(!baseUrl || process.env.TEST_DB !== 'postgres')('a scratch database', () => {
  test('is dropped once the connections that are leaving have left, not by ending them', async () => {
    // Seen in CI: pool.end() resolves before the server has closed its connections, and a forced drop ended one,
    // whose error reached a pool nobody listened to any more and failed the whole run. Here a connection leaves
    // a moment after the drop starts.
    const scratch = await createScratchDatabase(baseUrl!, 'shop_drop');
    const leaving = new pg.Client({ connectionString: scratch.url });
    await leaving.connect();
    const errors: unknown[] = [];
    leaving.on('error', (error) => errors.push(error));
    const left = new Promise((resolve) => setTimeout(() => resolve(leaving.end()), 300));
    await scratch.drop();
    await left;
    expect(errors).toEqual([]);
  });
});
