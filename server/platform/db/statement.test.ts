import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../testing/harness.ts';
import { Statement } from './statement.ts';

let shop: TestShop;
const database = () => shop.services.database;

const insertProbe = new Statement<{ n: number; note: string | null }>(
  'statement-probe-insert',
  () => sql`insert into statement_probe (n, note) values (${sql.placeholder('n')}, ${sql.placeholder('note')}::jsonb)`,
);
const probesFrom = new Statement<{ from: number }, { n: number; note: unknown; noteIsNull: boolean }>(
  'statement-probe-select',
  () =>
    sql`select n, note, note is null as "noteIsNull" from statement_probe where n >= ${sql.placeholder('from')} order by n`,
);

beforeAll(async () => {
  shop = await startTestShop();
  await database().db.execute(sql`create table statement_probe (n int primary key, note jsonb)`);
});
afterAll(async () => {
  await database().db.execute(sql`drop table if exists statement_probe`);
  await shop?.close();
});

describe('Statement', () => {
  it('runs with new values each time, in the database and in a transaction', async () => {
    await insertProbe.run(database().db, { n: 1, note: JSON.stringify({ a: 1 }) });
    await database().transaction(async (tx) => {
      await insertProbe.run(tx, { n: 2, note: null });
    });
    await database().transaction((tx) => insertProbe.run(tx, { n: 3, note: '"x"' }));
    expect(await probesFrom.run(database().db, { from: 2 })).toEqual([
      { n: 2, note: null, noteIsNull: true },
      { n: 3, note: 'x', noteIsNull: false },
    ]);
    expect(await probesFrom.run(database().db, { from: 1 })).toHaveLength(3);
  });
});
