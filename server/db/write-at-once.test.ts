import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import { executePrepared, type Db } from './client.ts';

let shop: TestShop;
const database = () => shop.services.database;
const insertSql = (n: number) => sql`insert into write_at_once_probe (n) values (${n})`;
/** Sent at once, as writeAtOnce needs. */
const insert = (tx: Db, n: number) => executePrepared(tx, 'probe-insert', insertSql(n));
const stored = async () =>
  (
    await executePrepared<{ n: number }>(
      database().db,
      'probe-select',
      sql`select n from write_at_once_probe order by n`,
    )
  ).map((row) => row.n);

beforeAll(async () => {
  shop = await startTestShop();
  await database().db.execute(sql`create table write_at_once_probe (n int primary key)`);
});
afterAll(async () => {
  await database().db.execute(sql`drop table if exists write_at_once_probe`);
  await shop?.close();
});

describe('Database.writeAtOnce', () => {
  it('commits every statement together', async () => {
    await database().writeAtOnce((tx) => [insert(tx, 1), insert(tx, 2)]);
    expect(await stored()).toEqual([1, 2]);
  });

  it('keeps none when one fails, and throws its error', async () => {
    await expect(database().writeAtOnce((tx) => [insert(tx, 3), insert(tx, 1)])).rejects.toThrow();
    expect(await stored()).toEqual([1, 2]);
  });

  it('refuses, and keeps nothing of, a statement that was not sent at once', async () => {
    // An awaited query builder is sent a tick later.
    const late = async (tx: Db) => {
      await tx.execute(insertSql(4));
    };
    const attempt = database().writeAtOnce((tx) => [insert(tx, 5), late(tx)]);
    if (database().kind === 'postgres') await expect(attempt).rejects.toThrow(/not sent at once/);
    else await attempt; // one connection, one statement at a time: nothing can overtake there
    expect(await stored()).toEqual(database().kind === 'postgres' ? [1, 2] : [1, 2, 4, 5]);
  });
});

describe('Database.transaction ending with commitWith', () => {
  it('commits what the transaction wrote and its last writes together', async () => {
    await database().transaction(async (tx, end) => {
      await insert(tx, 10);
      await end.commitWith(() => [insert(tx, 11), insert(tx, 12)]);
    });
    expect(await stored()).toEqual(expect.arrayContaining([10, 11, 12]));
  });

  it('keeps nothing of the transaction when a last write fails, and throws its error', async () => {
    const before = await stored();
    const attempt = database().transaction(async (tx, end) => {
      await insert(tx, 20);
      await end.commitWith(() => [insert(tx, 21), insert(tx, 10)]); // 10 is taken
      return 'committed';
    });
    await expect(attempt).rejects.toThrow();
    expect(await stored()).toEqual(before);
  });

  it('still commits all or nothing when a last write was not sent at once', async () => {
    const late = async (tx: Db, n: number) => {
      await tx.execute(insertSql(n)); // sent a tick later
    };
    const before = await stored();
    await expect(
      database().transaction(async (tx, end) => end.commitWith(() => [insert(tx, 30), late(tx, 10)])),
    ).rejects.toThrow();
    expect(await stored()).toEqual(before);
    await database().transaction(async (tx, end) => end.commitWith(() => [insert(tx, 31), late(tx, 32)]));
    expect(await stored()).toEqual([...before, 31, 32]);
  });
});
