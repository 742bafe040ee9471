// Makes an account shop staff (or a customer again): npm run set-role -- owner@example.in admin
// Its sessions end, so the account signs in again and its new access tokens carry the new role.
import { existsSync } from 'node:fs';
import { loadConfig } from '../server/config.ts';
import { createServices } from '../server/services.ts';

const [email, role] = process.argv.slice(2);
if (!email || (role !== 'admin' && role !== 'customer')) {
  console.error('Usage: npm run set-role -- <e-mail> <admin|customer>');
  process.exit(2);
}
if (existsSync('.env')) process.loadEnvFile('.env');

try {
  // NODE_ENV 'test' keeps the background mail sender of this short-lived process off.
  const services = await createServices({ ...loadConfig(), SEED_DEMO: false, NODE_ENV: 'test' });
  try {
    const userId = await services.auth.userIdByEmail(email);
    if (!userId) throw new Error(`No account has the e-mail ${email}`);
    await services.auth.setRole(userId, role);
    console.log(`${email} is now ${role === 'admin' ? 'shop staff' : 'a customer'}; their sessions have ended.`);
  } finally {
    await services.close();
  }
} catch (error) {
  // A bad setting, an embedded database a running shop holds, an unknown e-mail: the message says which.
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
