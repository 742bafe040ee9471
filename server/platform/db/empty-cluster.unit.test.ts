import { existsSync } from 'node:fs';
import { expect, test } from 'vitest';
import { EMPTY_CLUSTER_FILE, PGLITE_VERSION } from './empty-cluster.ts';

test('an empty cluster ships for the installed PGlite, so a first start never runs initdb', () => {
  expect(
    existsSync(EMPTY_CLUSTER_FILE),
    `No empty cluster for PGlite ${PGLITE_VERSION}: run \`npm run db:empty-cluster\` and commit ${EMPTY_CLUSTER_FILE}`,
  ).toBe(true);
});
