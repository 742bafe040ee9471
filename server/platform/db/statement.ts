import type { Query, SQLWrapper } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { queryOf, runPrepared, type Db } from './client.ts';
/** Turns queries into text at module load: no connection, nothing is ever sent through it. */
const textOnly: Db = drizzle.mock();

/**
 * A statement the shop runs very often (checkout, webhooks), written once with `sql.placeholder`s. drizzle turns
 * it into text once, not on every run, and each run sends it as a named prepared statement, so PostgreSQL plans
 * it once per connection, in whichever database or transaction it is given. It is sent at once, so it shares a
 * round trip with the statements sent beside it. Rows come back with the database's column names and types as the driver gives them.
 */
export class Statement<Params extends Record<string, unknown>, Row = never> {
  private readonly query: Query;

  constructor(
    private readonly name: string,
    build: (db: Db) => SQLWrapper,
  ) {
    this.query = queryOf(build(textOnly).getSQL());
  }

  run(db: Db, params: Params): Promise<Row[]> {
    return runPrepared<Row>(db, this.name, this.query, params);
  }
}
