// Liveness and readiness (docs/decisions/0051; architecture: "/healthz (up), /readyz (database,
// migrations, workers)"). /healthz touches nothing: the process is up and its event loop turns, so an
// orchestrator restarts it only when it is stuck. /readyz says whether this instance should be sent
// requests: its database answers, the migrations this code needs are applied, its job workers run,
// and it is not shutting down; 503 otherwise, with what failed.
import type { FastifyInstance } from 'fastify';
import { LATEST_MIGRATION, latestAppliedMigration, type Database } from '../db.ts';
import { UNAVAILABLE } from '../http.ts';

export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz' } as const;

/** How long readiness waits for the database: a probe must answer even when the database does not. */
const READY_DB_TIMEOUT_MS = 3000;

type CheckResult = 'ok' | 'unavailable' | 'timeout' | 'pending' | 'stopped' | 'not checked' | 'shutting down';

interface ReadyChecks {
  database: CheckResult;
  migrations: CheckResult;
  workers: CheckResult;
  shutdown: CheckResult;
}

export interface HealthOptions {
  db: Database;
  /** Whether the job workers run; absent means there are none to check ('not checked'). */
  workersRunning?: () => boolean;
  /** True once the app is closing. */
  closing: () => boolean;
}

async function databaseChecks(db: Database): Promise<Pick<ReadyChecks, 'database' | 'migrations'>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READY_DB_TIMEOUT_MS);
  });
  try {
    const applied = await Promise.race([latestAppliedMigration(db), timeout]);
    if (applied === 'timeout') return { database: 'timeout', migrations: 'not checked' };
    return { database: 'ok', migrations: applied >= LATEST_MIGRATION ? 'ok' : 'pending' };
  } catch {
    return { database: 'unavailable', migrations: 'not checked' };
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(app: FastifyInstance, options: HealthOptions): void {
  app.get(HEALTH_PATHS.live, async () => ({ status: 'up' }));

  app.get(HEALTH_PATHS.ready, async (_request, reply) => {
    const checks: ReadyChecks = {
      ...(await databaseChecks(options.db)),
      workers: options.workersRunning ? (options.workersRunning() ? 'ok' : 'stopped') : 'not checked',
      shutdown: options.closing() ? 'shutting down' : 'ok',
    };
    const ready = Object.values(checks).every((c) => c === 'ok' || c === 'not checked');
    if (ready) return { status: 'ready', checks };
    return reply.code(503).send({ ...UNAVAILABLE, checks });
  });
}
