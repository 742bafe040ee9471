// PostgreSQL's own tools and the emptiness rule the restore and the move share (decision 0067).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const DEBIAN_BIN = '/usr/lib/postgresql';

/** pg_dump or pg_restore: the one on PATH, else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter))
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  const versions = existsSync(DEBIAN_BIN)
    ? readdirSync(DEBIAN_BIN)
        .filter((version) => existsSync(path.join(DEBIAN_BIN, version, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(DEBIAN_BIN, versions[0], 'bin', name);
  throw new Error(
    `${name} was not found on PATH or in ${DEBIAN_BIN}/*/bin: install PostgreSQL's client tools ` +
      '(Debian: apt install postgresql-client), of the server’s major version or newer',
  );
}

/**
 * Runs a PostgreSQL tool on the database at `url`. The password travels in PGPASSWORD, not on the command line,
 * where any user of the machine could read it.
 */
export function runPostgresTool(tool: string, args: string[], url: string): Promise<void> {
  const withoutPassword = new URL(url);
  const password = decodeURIComponent(withoutPassword.password);
  withoutPassword.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${withoutPassword.toString()}`], {
      env,
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(tool)} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * The tables, views and sequences in the database, in any schema but PostgreSQL's own: the shop's migrations
 * make `public` and `drizzle`, and a database with anything of its own in either (or elsewhere) is not empty.
 */
export async function userRelations(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
       and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
       and n.nspname not like 'pg\\_temp%'
     order by 1`,
  );
  return rows.map((row) => row.name);
}

/** Refuses unless the database at `url` is empty (userRelations); `what` names the command for the message. */
export async function ensureEmptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await userRelations(client);
    if (found.length > 0)
      throw new Error(
        `The database ${databaseName(url)} is not empty (it has ${found.length} tables, views or sequences, such as ` +
          `${found.slice(0, 3).join(', ')}): nothing was changed. Create an empty database and name it instead.`,
      );
  } finally {
    await client.end();
  }
}

/** The database's name in a postgres:// URL, for messages (never the password). */
export const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1)) || '(default)';
