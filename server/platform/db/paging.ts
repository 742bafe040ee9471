/**
 * The back office's lists read newest first, a page at a time: a page starts after the previous page's last row,
 * named by its key (`before`), so rows added meanwhile do not shift the pages as an offset would.
 */
import { and, desc, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';

/**
 * What orders a list newest first: a unique `key` that grows with time (a ticket number); or the `time` a row was
 * made, its unique `key` (an id) ordering the rows of one instant, both columns of `table`.
 */
export type NewestFirst = { key: AnyPgColumn } | { table: PgTable; time: AnyPgColumn; key: AnyPgColumn };

type RowOf<Query extends PgSelect> = Query['_']['result'][number];

export interface PageRequest<Cursor> {
  /** The list's filters; undefined ones are left out. */
  where: readonly (SQL | undefined)[];
  /** The key of the previous page's last row. */
  before?: Cursor;
  limit: number;
}

/** The rows after the row whose key is `before`, in the list's order. */
function olderThan(order: NewestFirst, before: unknown): SQL {
  if (!('time' in order)) return lt(order.key, before);
  const { table, time, key } = order;
  // The subquery finds the `before` row's (time, key): an unknown key finds none, and so no rows.
  return sql`(${time}, ${key}) < (select ${time}, ${key} from ${table} where ${key} = ${before})`;
}

/**
 * One page of `query` (a select's `$dynamic()` builder, its joins made), newest first after `before`, and the
 * cursor of the next page (null on the last). One row more than the page is read, to know if another follows.
 */
export async function newestFirstPage<Query extends PgSelect, Cursor>(
  query: Query,
  order: NewestFirst,
  { where, before, limit }: PageRequest<Cursor>,
  cursorOf: (row: RowOf<Query>) => Cursor,
): Promise<{ rows: RowOf<Query>[]; next: Cursor | null }> {
  const conditions = before === undefined ? where : [...where, olderThan(order, before)];
  const newest = 'time' in order ? [desc(order.time), desc(order.key)] : [desc(order.key)];
  const rows: RowOf<Query>[] = await query
    .where(and(...conditions))
    .orderBy(...newest)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { rows: page, next: rows.length > limit ? cursorOf(page.at(-1)!) : null };
}
