import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../testing/harness.ts';
import { newestFirstPage, type NewestFirst } from './paging.ts';

/** A table of the test's own: rows made in the same instant, so the key must order them. */
const probes = pgTable('paging_probe', {
  id: text('id').primaryKey(),
  n: integer('n').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
const byTime: NewestFirst = { table: probes, time: probes.createdAt, key: probes.id };
const byNumber: NewestFirst = { key: probes.n };

let shop: TestShop;
const db = () => shop.services.database.db;

beforeAll(async () => {
  shop = await startTestShop();
  await db().execute(
    sql`create table paging_probe (id text primary key, n int not null, created_at timestamptz not null)`,
  );
  // Newest first by time then id: e, d, c, b, a (c, b and a made in one instant).
  await db()
    .insert(probes)
    .values([
      { id: 'a', n: 1, createdAt: new Date('2026-01-01T10:00:00Z') },
      { id: 'b', n: 2, createdAt: new Date('2026-01-01T10:00:00Z') },
      { id: 'c', n: 3, createdAt: new Date('2026-01-01T10:00:00Z') },
      { id: 'd', n: 4, createdAt: new Date('2026-01-02T10:00:00Z') },
      { id: 'e', n: 5, createdAt: new Date('2026-01-03T10:00:00Z') },
    ]);
});
afterAll(async () => {
  await db().execute(sql`drop table if exists paging_probe`);
  await shop?.close();
});

/** Every page of the list, `limit` rows each, following `next` to the end. */
async function walk<Cursor>(order: NewestFirst, cursorOf: (row: { id: string; n: number }) => Cursor, limit: number) {
  const pages: string[][] = [];
  let before: Cursor | undefined;
  do {
    const page = await newestFirstPage(
      db().select().from(probes).$dynamic(),
      order,
      { where: [], before, limit },
      cursorOf,
    );
    pages.push(page.rows.map((row) => row.id));
    before = page.next ?? undefined;
  } while (before !== undefined);
  return pages;
}

describe('newestFirstPage', () => {
  it('pages by time, the key ordering rows of one instant, with no row lost or repeated', async () => {
    expect(await walk(byTime, (row) => row.id, 2)).toEqual([['e', 'd'], ['c', 'b'], ['a']]);
    expect(await walk(byTime, (row) => row.id, 5)).toEqual([['e', 'd', 'c', 'b', 'a']]);
  });

  it('pages by a growing key alone', async () => {
    expect(await walk(byNumber, (row) => row.n, 3)).toEqual([
      ['e', 'd', 'c'],
      ['b', 'a'],
    ]);
  });

  it('keeps to the filters, and finds nothing after an unknown row', async () => {
    const select = () => db().select().from(probes).$dynamic();
    const filtered = await newestFirstPage(
      select(),
      byTime,
      { where: [sql`${probes.n} % 2 = 1`, undefined], before: 'e', limit: 1 },
      (row) => row.id,
    );
    expect(filtered).toEqual({ rows: [expect.objectContaining({ id: 'c' })], next: 'c' });
    const unknown = await newestFirstPage(select(), byTime, { where: [], before: 'zzz', limit: 5 }, (row) => row.id);
    expect(unknown).toEqual({ rows: [], next: null });
  });
});
