// A foreign key to another module's table without importing that module (decision 0061): the owner declares the
// table; a schema that links to it names the table and its key, as the migration's REFERENCES clause does.
import { pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** The key column `column` of the table `table` another module owns, for `.references(() => keyOf(…))`. */
export function keyOf(table: string, column: string, kind: 'uuid' | 'text'): AnyPgColumn {
  const linked = pgTable(table, { key: kind === 'uuid' ? uuid(column) : text(column) });
  return linked.key;
}
