// What the server tells its operator and how it meets faults (docs/decisions/0051), wired into the
// app in one place: the request id and the request log lines, the edge check of input, the request
// metrics, /healthz, /readyz, /metrics, the shutdown gate and the drain, the database's lost
// connections. server/app.ts calls operationsServerOptions (Fastify's own options), createOperations
// and registerOperations once each.
import type { ServerOptions } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { operationsConfigOf, type Config } from '../config.ts';
import type { Database } from '../db.ts';
import { faultSummary } from './db-faults.ts';
import { healthRoutes } from './health.ts';
import { useInputGuard } from './input-guard.ts';
import { loggerOption, requestLog } from './logging.ts';
import { createMetrics, metricsRoute, useHttpMetrics, type Metrics } from './metrics.ts';
import { REQUEST_ID_LOG_LABEL, requestIdOptions, useRequestId } from './request-id.ts';
import { createLifecycle, useShutdownGate, type Lifecycle } from './shutdown.ts';

export interface Operations {
  /** The metrics the money path reports to (server/ops/metrics.ts names each). */
  metrics: Metrics;
  /**
   * The shutdown's drain: what runs beside the routes joins it with `lifecycle.onDrain(...)` (the job
   * workers are stopped just before it, in server/app.ts's onClose).
   */
  lifecycle: Lifecycle;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics and lifecycle, for what is started beside the routes (job workers, tests). */
    operations: Operations;
  }
}

/** Fastify's options that belong to operations: the logger, the request id, start and close. */
export function operationsServerOptions(
  logger: boolean | object | undefined,
  config: Pick<Config, 'trustProxy' | 'operations'>,
): Partial<FastifyServerOptions> & { http: ServerOptions } {
  const { requestTimeoutMs } = operationsConfigOf(config);
  return {
    // A request's headers and body within requestTimeoutMs, or 408 and the connection closed (the
    // HTTP parser's answer, server/http.ts); Node looks at the open connections this often.
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, requestTimeoutMs),
      connectionsCheckingInterval: Math.max(10, Math.min(5_000, Math.round(requestTimeoutMs / 4))),
    },
    logger: loggerOption(logger),
    ...requestIdOptions(config.trustProxy !== undefined),
    // One line per request, at a level that depends on the outcome, with the request's id.
    logController: requestLog(REQUEST_ID_LOG_LABEL),
    // No start-up step is bounded by a short timer: on a busy machine an instance started beside
    // others took more than Fastify's 10 s to run its start hooks and gave up. The database wait
    // has its own bound (DB_START_WAIT_SECONDS).
    pluginTimeout: 0,
    // The shutdown gate answers in the one error format instead (server/ops/shutdown.ts).
    return503OnClosing: false,
  };
}

/** The metrics and the lifecycle, made before the routes' dependencies (Deps carries the metrics). */
export function createOperations(db: Database): Operations {
  const metrics = createMetrics(db);
  db.onConnectionError(() => metrics.connectionError());
  db.onTransactionRetry(() => metrics.transactionRetry());
  return { metrics, lifecycle: createLifecycle() };
}

export interface RegisterOptions {
  db: Database;
  config: Config;
  /** Whether the job workers run, for /readyz; absent means there are none to check. */
  workersRunning?: () => boolean;
}

/** Registers the hooks and routes of operations on the root instance, before any other plugin. */
export function registerOperations(app: FastifyInstance, ops: Operations, options: RegisterOptions): void {
  const { db, config } = options;
  app.decorate('operations', ops);
  useRequestId(app);
  useHttpMetrics(app, ops.metrics);
  useShutdownGate(app, ops.lifecycle);
  useInputGuard(app);
  // A lost connection is not an error of a request: the request that used it reports its own.
  db.onConnectionError((err) => app.log.warn({ fault: faultSummary(err) }, 'database connection lost'));
  healthRoutes(app, {
    db,
    closing: () => ops.lifecycle.closing,
    ...(options.workersRunning ? { workersRunning: options.workersRunning } : {}),
  });
  metricsRoute(app, {
    metrics: ops.metrics,
    token: operationsConfigOf(config).metricsToken,
    production: config.production === true,
  });
}
