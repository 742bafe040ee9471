// Writes the API's OpenAPI document, as /api/docs/json serves it, to a file for Spectral (npm run lint:api):
// npx tsx scripts/openapi.ts .cache/openapi.json
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../server/root/modules.ts';
import { openDatabase } from '../server/platform/db/client.ts';
import { createServices } from '../server/root/services.ts';
import { buildServer } from '../server/root/app.ts';

const target = process.argv[2] ?? '.cache/openapi.json';
// An empty shop in memory: the document depends on the routes only. NODE_ENV 'test' keeps background senders off.
// A throwaway SECRETS_KEY: no key file is made in the data directory.
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  SECRETS_KEY: randomBytes(32).toString('hex'),
});
const services = await createServices(config, { database: await openDatabase({}) });
try {
  const app = await buildServer(services, { logger: false });
  const document = await app.inject({ method: 'GET', url: '/api/docs/json' });
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify(document.json(), null, 2)}\n`);
  await app.close();
} finally {
  await services.close();
}
