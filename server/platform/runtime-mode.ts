// Imported first by server/main.ts, before anything loads React: React picks its development or production
// build from process.env.NODE_ENV when it is first imported, and every React module must make the same choice.
import { existsSync } from 'node:fs';

if (existsSync('.env')) process.loadEnvFile('.env');

/** NODE_ENV as the operator set it: where the shop runs (unset: local; production: deployed). Decision 0006. */
export const deploymentNodeEnv = process.env.NODE_ENV;
/** `npm run dev`: Vite middleware and React's development build. */
export const developmentServer = process.argv.includes('--dev');

// Outside `npm run dev` the server always runs React's production build, whatever the deployment.
if (!developmentServer) process.env.NODE_ENV = 'production';
