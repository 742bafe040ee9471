// vitest's global setup of the api-* projects: their database templates, made once per run (database-templates.ts).
import path from 'node:path';
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { makePgliteTemplates, makePostgresTemplates, type DatabaseTemplates } from './database-templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env.TEST_DB === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const templates = await makePostgresTemplates(baseUrl);
    project.provide('databaseTemplates', {
      postgres: { seeded: templates.seeded.name, bare: templates.bare.name },
    });
    return async () => {
      await templates.seeded.drop();
      await templates.bare.drop();
    };
  }
  const paths = await makePgliteTemplates(path.resolve('.cache/test-databases'));
  project.provide('databaseTemplates', { pglite: paths });
  return async () => {
    for (const file of Object.values(paths)) rmSync(file, { force: true });
  };
}
