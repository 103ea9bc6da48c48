// What route plugins receive: the database, its repositories, the configuration, the clock and
// the session manager. Passed as plugin options, so tests can build an app with other parts.
import type { Config } from './config.ts';
import type { Db } from './db.ts';
import type { Repos } from './repo/repos.ts';
import type { SessionManager } from './security.ts';

export interface Deps {
  db: Db;
  repos: Repos;
  config: Config;
  now: () => Date;
  sessions: SessionManager;
}
