// What the database scripts (backup, restore, move) read of the shop's settings: the same .env and environment as
// `npm start`, so they find the database the shop uses.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/root/modules.ts';
import { SECRETS_KEY_FILE } from '../../server/admin/secret-box.ts';

export interface DatabaseSettings {
  /** PostgreSQL's URL when DATABASE_URL is set. */
  url: string | undefined;
  /** The embedded database's data directory, $DATA_DIR/pglite. */
  pgliteDir: string;
  pgliteFsync: boolean;
  /**
   * Where the key sealing the back office's authenticator secrets is, when it is a file of DATA_DIR (no SECRETS_KEY):
   * no backup holds it.
   */
  secretsKeyFile: string | undefined;
}

export function databaseSettings(): DatabaseSettings {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  return {
    url: config.DATABASE_URL,
    pgliteDir: path.resolve(config.DATA_DIR, 'pglite'),
    pgliteFsync: config.PGLITE_FSYNC,
    secretsKeyFile: config.SECRETS_KEY ? undefined : path.resolve(config.DATA_DIR, SECRETS_KEY_FILE),
  };
}

/** Whether an embedded database lives in `pgliteDir` (PostgreSQL's PG_VERSION marks a data directory). */
export const hasEmbeddedDatabase = (pgliteDir: string) => existsSync(path.join(pgliteDir, 'PG_VERSION'));

/**
 * The one option a script takes (`--out <file>`, say), or null after printing `usage` and setting exit code 2 when
 * the command line is anything else. A path is taken from where the operator typed the command: npm runs the script
 * in the project's folder, and says where it was called from in INIT_CWD.
 */
export function requiredOption(name: string, usage: string, kind: 'path' | 'text' = 'path'): string | null {
  try {
    const value = parseArgs({ options: { [name]: { type: 'string' } } }).values[name];
    if (typeof value === 'string' && value !== '')
      return kind === 'path' ? path.resolve(process.env.INIT_CWD ?? process.cwd(), value) : value;
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

/** After a restore: the reminder that the authenticators' key is not in the backup, when this DATA_DIR has none. */
export function secretsKeyReminder(settings: DatabaseSettings): string | null {
  if (!settings.secretsKeyFile || existsSync(settings.secretsKeyFile)) return null;
  return (
    `Note: ${settings.secretsKeyFile} does not exist, and no backup holds it. Copy secrets.key from the old DATA_DIR ` +
    'there (or set SECRETS_KEY) before the shop starts, or the owners set up their authenticators again with ' +
    'npm run admin:create.'
  );
}
