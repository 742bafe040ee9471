// Moves the shop off its embedded database (decision 0067):
//   npm run db:move-to-postgres -- --to <postgres URL>
// Copies every row of every table of DATA_DIR's embedded database into the empty PostgreSQL database named, in one
// transaction there: the shop's migrations, then each table in foreign-key order, a batch at a time, then every
// sequence set past its rows; the tables' row counts and contents are compared before it commits. Afterwards
// `DATABASE_URL=<url> npm start` is the same shop (with the same DATA_DIR: its files and secrets.key stay there).
// Refused, writing nothing, while a shop runs on the embedded database or when the target is not empty.
// Exit 0 when moved, 1 when not, 2 for a wrong command line.
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase, type Database } from '../server/platform/db/client.ts';
import { databaseName, ensureEmptyPostgres } from './lib/postgres.ts';
import { databaseSettings, hasEmbeddedDatabase, requiredOption, runScript } from './lib/shop-settings.ts';

const USAGE = 'Usage: npm run db:move-to-postgres -- --to <postgres://user:password@host:port/database>';
/** Rows per insert: a large catalogue is never in memory at once. */
const BATCH_ROWS = 1000;

const SYSTEM_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (table: Table) => `${quoted(table.schema)}.${quoted(table.name)}`;

interface Table {
  schema: string;
  name: string;
}

/** Runs a statement on the embedded database and returns its rows. */
async function sourceRows<Row>(source: Pick<Database, 'db'>['db'], text: string): Promise<Row[]> {
  return ((await source.execute(sql.raw(text))) as { rows: Row[] }).rows;
}

/** The embedded database's tables, each after the tables its foreign keys point to. */
async function tablesInForeignKeyOrder(source: Database['db']): Promise<Table[]> {
  const tables = await sourceRows<Table>(
    source,
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and ${SYSTEM_SCHEMAS} order by 1, 2`,
  );
  const references = await sourceRows<{ from: string; to: string }>(
    source,
    `select conrelid::regclass::text as from, confrelid::regclass::text as to from pg_constraint
     where contype = 'f' and conrelid <> confrelid`,
  );
  const key = (table: Table) => (table.schema === 'public' ? table.name : `${table.schema}.${table.name}`);
  const byKey = new Map(tables.map((table) => [key(table), table]));
  const ordered: Table[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    const unquoted = name.replace(/"/g, '');
    if (state.get(unquoted) === 'done') return;
    if (state.get(unquoted) === 'visiting') throw new Error(`The foreign keys of ${unquoted} form a cycle`);
    state.set(unquoted, 'visiting');
    for (const reference of references) if (reference.from.replace(/"/g, '') === unquoted) visit(reference.to);
    state.set(unquoted, 'done');
    const table = byKey.get(unquoted);
    if (table) ordered.push(table);
  };
  for (const table of tables) visit(key(table));
  return ordered;
}

/** A table's columns as `name type`, in order: the copy relies on both databases' having the same rows' shape. */
const COLUMNS = (table: Table, literal: (text: string) => string) =>
  `select string_agg(quote_ident(attname) || ' ' || format_type(atttypid, atttypmod), ', ' order by attnum) as columns
   from pg_attribute where attrelid = ${literal(qualified(table))}::regclass and attnum > 0 and not attisdropped`;

/** How many rows a table has and a hash of them, independent of their order: equal rows give equal hashes. */
const FINGERPRINT = (table: Table) =>
  `select count(*)::int as rows,
          coalesce(sum(('x' || left(md5(x::text), 15))::bit(60)::bigint), 0)::text as hash
   from only ${qualified(table)} x`;

const literalOf = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Copies one table's rows in batches, as their text form, which PostgreSQL reads back exactly. */
async function copyTable(source: Database, target: pg.Client, table: Table): Promise<void> {
  await source.transaction(async (tx) => {
    await tx.execute(
      sql.raw(`declare move_rows no scroll cursor for select x::text as row from only ${qualified(table)} x`),
    );
    for (;;) {
      const batch = await sourceRows<{ row: string }>(tx, `fetch ${BATCH_ROWS} from move_rows`);
      if (batch.length === 0) break;
      await target.query(
        `insert into ${qualified(table)} overriding system value
         select * from unnest($1::text[]::${qualified(table)}[])`,
        [batch.map((found) => found.row)],
      );
      if (batch.length < BATCH_ROWS) break;
    }
    await tx.execute(sql.raw('close move_rows'));
  });
}

/** Sets every sequence as far as the embedded database had it, and past the largest value of the column it feeds. */
async function setSequences(source: Database, target: pg.Client): Promise<void> {
  const sequences = await sourceRows<{ schema: string; name: string; last: string | null }>(
    source.db,
    `select schemaname as schema, sequencename as name, last_value::text as last from pg_sequences`,
  );
  for (const sequence of sequences) {
    const name = `${quoted(sequence.schema)}.${quoted(sequence.name)}`;
    const owner = await target.query<{ table: string; column: string }>(
      `select d.refobjid::regclass::text as table, quote_ident(a.attname) as column from pg_depend d
       join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
       where d.objid = $1::regclass and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')`,
      [name],
    );
    const largest = owner.rows[0]
      ? (
          await target.query<{ max: string | null }>(
            `select max(${owner.rows[0].column})::text as max from ${owner.rows[0].table}`,
          )
        ).rows[0]!.max
      : null;
    const values = [sequence.last, largest].filter((value): value is string => value !== null).map(BigInt);
    if (values.length === 0) continue; // never used, and no rows: it starts where its migration says
    const past = values.reduce((a, b) => (a > b ? a : b));
    await target.query('select setval($1::regclass, $2::bigint, true)', [name, past.toString()]);
  }
}

async function move(source: Database, target: pg.Client): Promise<Array<Table & { rows: number }>> {
  await target.query(`create schema if not exists drizzle`);
  await target.query(
    `create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of readMigrationFiles({ migrationsFolder }))
    for (const statement of migration.sql) await target.query(statement);

  const tables = await tablesInForeignKeyOrder(source.db);
  for (const table of tables) {
    const [from] = await sourceRows<{ columns: string }>(source.db, COLUMNS(table, literalOf));
    const to = await target.query<{ columns: string }>(COLUMNS(table, literalOf)).catch(() => ({ rows: [] }));
    if (from?.columns !== to.rows[0]?.columns)
      throw new Error(
        `${qualified(table)} differs between the two databases (embedded: ${from?.columns}; PostgreSQL: ` +
          `${to.rows[0]?.columns ?? 'no such table'}): start the shop once on the embedded database, stop it, then move`,
      );
    await copyTable(source, target, table);
  }
  await setSequences(source, target);

  const counted: Array<Table & { rows: number }> = [];
  for (const table of tables) {
    const [expected] = await sourceRows<{ rows: number; hash: string }>(source.db, FINGERPRINT(table));
    const { rows } = await target.query<{ rows: number; hash: string }>(FINGERPRINT(table));
    if (!expected || expected.rows !== rows[0]?.rows || expected.hash !== rows[0]?.hash)
      throw new Error(
        `${qualified(table)} did not arrive as it is (embedded: ${expected?.rows ?? 'no'} rows; PostgreSQL: ` +
          `${rows[0]?.rows} rows, or different contents)`,
      );
    counted.push({ ...table, rows: expected.rows });
  }
  return counted;
}

async function main(): Promise<void> {
  const to = requiredOption('to', USAGE, 'text');
  if (to === null) return;
  if (!/^postgres(ql)?:\/\//.test(to)) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const settings = databaseSettings();
  if (!hasEmbeddedDatabase(settings.pgliteDir))
    throw new Error(`There is no embedded database in ${settings.pgliteDir} to move (is DATA_DIR right?)`);
  // Refused while the shop runs: it holds the embedded database (DatabaseInUseError says so).
  const source = await openDatabase({ dataDir: settings.pgliteDir, pgliteFsync: settings.pgliteFsync });
  try {
    await ensureEmptyPostgres(to);
    await source.migrate(); // what the shop's next start would do: the copy is of the current tables
    // Both sides print timestamps alike, so the comparison of rows' text compares their values.
    await source.db.execute(sql.raw(`set timezone = 'UTC'`));
    const target = new pg.Client({ connectionString: to });
    await target.connect();
    let counted;
    try {
      await target.query('begin');
      await target.query(`set local timezone = 'UTC'`);
      counted = await move(source, target);
      await target.query('commit');
    } catch (error) {
      await target.query('rollback').catch(() => {});
      throw new Error(
        `The move failed, and nothing was written to ${databaseName(to)}: ${error instanceof Error ? error.message : error}`,
      );
    } finally {
      await target.end();
    }
    const shown = (table: Table) => `${table.schema}.${table.name}`;
    const width = Math.max(...counted.map((table) => shown(table).length));
    console.log(`Moved the embedded database in ${settings.pgliteDir} into the database ${databaseName(to)}:`);
    for (const table of counted) console.log(`  ${shown(table).padEnd(width)}  ${table.rows} rows`);
    console.log(
      'Every table has the same rows in both. Start the shop on PostgreSQL with the same DATA_DIR (its files and ' +
        'secrets.key stay there): DATABASE_URL=<that URL> npm start',
    );
  } finally {
    await source.close();
  }
}

runScript(main);
