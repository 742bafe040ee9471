import { defineConfig } from 'vitest/config';

// The offline stand-ins (simulators/<name>/) are tested as the server is: against a real database.
const apiTests = ['server/**/*.test.ts', 'simulators/**/*.test.ts'];
const unitTests = [
  'core/**/*.test.ts',
  'docs/**/*.test.ts',
  'app/**/*.test.ts',
  'server/**/*.unit.test.ts',
  'simulators/**/*.unit.test.ts',
  'eslint-rules/**/*.test.ts',
];
const processTests = ['server/**/*.process.test.ts', 'simulators/**/*.process.test.ts'];
const notApiTests = [...unitTests, ...processTests];
const postgresUrl = process.env.TEST_DATABASE_URL;
/** Migrates and seeds each api-* project's databases once a run; every test file starts from a copy (issue 32). */
const templateSetup = 'server/testing/global-setup.ts';

/**
 * unit: the isomorphic rules. api-*: the HTTP API against a real database, once on PGlite and, when
 * TEST_DATABASE_URL is set, again on PostgreSQL. The same test files run in both. processes: whole shops started
 * as their own processes (they need the storefront build); each file picks its databases, so it runs once.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: unitTests } },
      { test: { name: 'processes', include: processTests, testTimeout: 60_000, hookTimeout: 180_000 } },
      apiProject('pglite'),
      ...(postgresUrl ? [apiProject('postgres')] : []),
    ],
  },
});

/** The API tests on one kind of database, from that run's template (server/testing/global-setup.ts). */
function apiProject(database: 'pglite' | 'postgres') {
  return {
    test: {
      name: `api-${database}`,
      include: apiTests,
      exclude: notApiTests,
      env: { TEST_DB: database },
      globalSetup: [templateSetup],
      // One module graph per worker, not per file: importing the server again for every file cost more than the
      // tests themselves. Each test file still starts its own shop on its own copy of the database.
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}
