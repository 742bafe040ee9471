import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client.ts';
import type { PinAnswer } from '../../core/contracts/shipping.ts';
import { pinDirectory } from './schema.ts';
import { readPinRows, type PinRow } from './pin-source.ts';
import { GST_STATE_CODES } from './states.ts';

/** Rows per INSERT when filling: ~100 KB of JSON each. */
const FILL_CHUNK_ROWS = 2_000;

/** Every PIN code's districts and states (decision 0070). */
export class PinDirectory {
  constructor(private readonly database: Database) {}

  /**
   * Fills the directory from the package when it is empty, in one transaction (a start killed halfway leaves it empty,
   * so the next start fills it), FILL_CHUNK_ROWS at a time as JSON arrays: a few statements rather than 20,000, and
   * no statement large enough to grow PGlite's heap, which never shrinks (decision 0069). Concurrent starts insert
   * once (the startup lock, and no row twice).
   */
  async fillIfEmpty(rows: () => PinRow[] = readPinRows): Promise<boolean> {
    if (await this.hasRows()) return false;
    return this.database.withStartupLock(async () => {
      if (await this.hasRows()) return false;
      const all = rows();
      await this.database.transaction(async (tx) => {
        for (let start = 0; start < all.length; start += FILL_CHUNK_ROWS) {
          await tx.execute(sql`
            insert into ${pinDirectory} (pin, district, state)
            select pin, district, state
              from json_to_recordset(${JSON.stringify(all.slice(start, start + FILL_CHUNK_ROWS))}::json)
              as source(pin text, district text, state text)
            on conflict do nothing`);
        }
      });
      return true;
    });
  }

  private async hasRows(): Promise<boolean> {
    const found = await this.database.db.select({ pin: pinDirectory.pin }).from(pinDirectory).limit(1);
    return found.length > 0;
  }

  /** The districts and states a PIN spans, or null for a PIN the directory does not know. */
  async lookUp(pin: string): Promise<PinAnswer | null> {
    const rows = await this.database.db
      .select({ district: pinDirectory.district, state: pinDirectory.state })
      .from(pinDirectory)
      .where(eq(pinDirectory.pin, pin))
      .orderBy(asc(pinDirectory.district), asc(pinDirectory.state));
    if (rows.length === 0) return null;
    const states = [...new Set(rows.map((row) => row.state))];
    return {
      pin,
      districts: [...new Set(rows.map((row) => row.district))],
      states: states.map((name) => ({ name, gstCode: GST_STATE_CODES[name]! })),
    };
  }
}
