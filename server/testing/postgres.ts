import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database of its own on the test PostgreSQL server, beside TEST_DATABASE_URL's, and how to drop it. */
export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Runs `work` on a connection of its own to the database at `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** How long a drop waits for the connections its test closed to be gone before it ends the rest. */
const CLOSING_CONNECTIONS_WAIT_MS = 5_000;

/**
 * Drops a scratch database once the connections its test ended have left the server. A client that has sent its
 * goodbye but is still connected would otherwise be ended by the forced drop and raise an error nobody listens to
 * (a pool no longer holds it), failing the whole test run.
 */
async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await withClient(baseUrl, async (admin) => {
    const connected = async () =>
      (await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]))
        .rows[0]!.n;
    for (let waited = 0; waited < CLOSING_CONNECTIONS_WAIT_MS && (await connected()) > 0; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await admin.query(`drop database if exists ${name} with (force)`);
  });
}

/** A new database, empty or a copy of `template` (a database nobody is connected to). */
export async function createScratchDatabase(
  baseUrl: string,
  prefix = 'shop_test',
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withClient(baseUrl, (admin) =>
    admin.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => dropDatabase(baseUrl, name),
  };
}
