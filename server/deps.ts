// What route plugins receive: the data layer, the configuration, the clock, the session manager and
// the signing keys. Passed as plugin options, so tests can build an app with other parts.
import type { Config } from './config.ts';
import type { Keys } from './keys.ts';
import type { ClientLimits } from './limits.ts';
import type { MoneyDeps } from './domain/deposit-steps.ts';
import type { Directory } from './domain/directory.ts';
import type { JobRunner } from './domain/job-runner.ts';
import type { Metrics } from './ops/metrics.ts';
import type { Repos, Store } from './repo/repos.ts';
import type { SessionManager } from './security.ts';

export interface Deps {
  /** Transactions and repositories; `repos` is `store.repos` (single statements, outside a transaction). */
  store: Store;
  repos: Repos;
  config: Config;
  now: () => Date;
  sessions: SessionManager;
  keys: Keys;
  /** The per-client limits counted outside a route's hook (server/limits.ts). */
  limits: ClientLimits;
  /** The money path: the processor and posting adapters, their timings (docs/decisions/0049). */
  money: MoneyDeps;
  /** The job workers of this instance. */
  jobs: JobRunner;
  /** What the money path reports: deposits by outcome, processor and posting calls, job queues (server/ops/metrics.ts). */
  metrics: Metrics;
  /** The facility directory as payers read it, kept a short time by this instance (docs/decisions/0056). */
  directory: Directory;
}
