// What the database scripts (backup, restore, move) read of the shop's settings: the same .env and environment as
// `npm start`, so they find the database the shop uses.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/root/modules.ts';

export interface DatabaseSettings {
  /** PostgreSQL's URL when DATABASE_URL is set. */
  url: string | undefined;
  /** The embedded database's data directory, $DATA_DIR/pglite. */
  pgliteDir: string;
  pgliteFsync: boolean;
}

export function databaseSettings(): DatabaseSettings {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  return {
    url: config.DATABASE_URL,
    pgliteDir: path.resolve(config.DATA_DIR, 'pglite'),
    pgliteFsync: config.PGLITE_FSYNC,
  };
}

/** Whether an embedded database lives in `pgliteDir` (PostgreSQL's PG_VERSION marks a data directory). */
export const hasEmbeddedDatabase = (pgliteDir: string) => existsSync(path.join(pgliteDir, 'PG_VERSION'));

/**
 * The one option a script takes (`--out <file>`, say), or null after printing `usage` and setting exit code 2 when
 * the command line is anything else.
 */
export function requiredOption(name: string, usage: string): string | null {
  try {
    const value = parseArgs({ options: { [name]: { type: 'string' } } }).values[name];
    if (typeof value === 'string' && value !== '') return value;
  } catch {
    // an unknown option, a bare argument, the option without its value
  }
  console.error(usage);
  process.exitCode = 2;
  return null;
}

/** Runs a script's main: a failure is its message on stderr and exit code 1, never a stack trace. */
export function runScript(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}

/** A size for people: 12.3 MB. */
export function sizeOf(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB'];
  let size = bytes;
  let unit = 0;
  while (size >= 1000 && unit < units.length - 1) {
    size /= 1000;
    unit++;
  }
  return unit === 0 ? `${size} bytes` : `${size.toFixed(1)} ${units[unit]}`;
}
