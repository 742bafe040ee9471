import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The shop's modules' tables and the offline stand-ins' (simulators/<name>/schema.ts), in one set of migrations.
  schema: ['./server/*/schema.ts', './simulators/*/schema.ts'],
  out: './server/platform/db/migrations',
});
