// Runs before the main e2e shop starts on its fresh PGlite directory (playwright.config.ts): makes E2E_STAFF, shop
// staff, with the shop's own settings; the shop then seeds its catalogue as on any first start.
import { loadConfig } from '../../server/config.ts';
import { createServices } from '../../server/services.ts';
import { E2E_STAFF } from './staff.ts';

// NODE_ENV 'test' keeps the background mail sender of this short-lived process off; the shop sends the mail later.
const services = await createServices({ ...loadConfig(), SEED_DEMO: false, NODE_ENV: 'test' });
try {
  await services.auth.signUp(E2E_STAFF);
  const userId = await services.auth.userIdByEmail(E2E_STAFF.email);
  if (!userId) throw new Error(`${E2E_STAFF.email} was not created`);
  await services.auth.setRole(userId, 'admin');
} finally {
  await services.close();
}
