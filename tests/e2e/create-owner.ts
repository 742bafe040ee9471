// Runs before the main e2e shop starts, after create-staff.ts (the shop on PGlite holds its data directory, so
// `npm run admin:create` cannot run beside it): makes the back office's owner and keeps its authenticator secret and
// recovery codes where tests/e2e/admin.spec.ts reads them.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { createServices } from '../../server/services.ts';
import { E2E_OWNER, E2E_OWNER_FILE } from './owner.ts';

const services = await createServices({ ...loadConfig(), SEED_DEMO: false, NODE_ENV: 'test' });
try {
  const { otpauthUri, recoveryCodes } = await services.admin.createOwner(E2E_OWNER);
  const secret = new URL(otpauthUri).searchParams.get('secret');
  await mkdir(dirname(E2E_OWNER_FILE), { recursive: true });
  await writeFile(E2E_OWNER_FILE, JSON.stringify({ secret, recoveryCodes }));
} finally {
  await services.close();
}
