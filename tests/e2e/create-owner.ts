// Runs before the main e2e shop starts (the shop on PGlite holds its data directory, so
// `npm run admin:create` cannot run beside it): makes the back office's owner and keeps its authenticator secret and
// recovery codes where tests/e2e/admin.spec.ts reads them.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { loadConfig } from '../../server/root/modules.ts';
import { createServices } from '../../server/root/services.ts';
import { E2E_OWNER_FILE, E2E_OWNER_PROJECTS, e2eOwner } from './owner.ts';

const services = await createServices({ ...loadConfig(), SEED_DEMO: false, NODE_ENV: 'test' });
try {
  const owners: Record<string, { secret: string | null; recoveryCodes: string[] }> = {};
  for (const project of E2E_OWNER_PROJECTS) {
    const { otpauthUri, recoveryCodes } = await services.admin.createOwner(e2eOwner(project));
    owners[project] = { secret: new URL(otpauthUri).searchParams.get('secret'), recoveryCodes };
  }
  await mkdir(dirname(E2E_OWNER_FILE), { recursive: true });
  await writeFile(E2E_OWNER_FILE, JSON.stringify(owners));
} finally {
  await services.close();
}
