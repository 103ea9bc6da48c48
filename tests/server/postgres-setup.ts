// Global setup of the server tests' PostgreSQL run: TEST_DATABASE_URL when set (a server of one's own,
// whose user may create databases), otherwise a PostgreSQL started here from node_modules. Each test
// server then gets a database of its own (tests/server/helpers.ts).
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../scripts/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env['TEST_DATABASE_URL'];
  if (given) {
    project.provide('pgAdminUrl', given);
    return async () => {};
  }
  const pg = await startEmbeddedPostgres();
  project.provide('pgAdminUrl', pg.url);
  return () => pg.stop();
}
