import { ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';

/** `text` as an ILIKE pattern that finds it anywhere: its own `%`, `_` and `\` match themselves. */
export const containingPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** Rows where any of the columns contains `text`, ignoring case (the back office's search boxes). */
export function anyContains(columns: readonly AnyColumn[], text: string): SQL {
  const pattern = containingPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)))!;
}
