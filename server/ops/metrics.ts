// Prometheus metrics (docs/decisions/0051; architecture: "/metrics (Prometheus, from prom-client; a
// token in production)"). Each app has a registry of its own (tests build several apps in one
// process); the process's own metrics (CPU, memory, event loop, garbage collection) are collected
// once per process and answered with each app's.
//
// The money path reports through the methods of Metrics (names and labels are the contract with
// dashboards and alerts; docs/decisions/0051 lists them):
//   depositOutcome(outcome)                    deposits_total{outcome}
//   processorCall(operation, seconds, ok)      processor_call_duration_seconds{operation,result},
//                                              processor_call_errors_total{operation}
//   postingCall(operation, seconds, ok)        posting_call_duration_seconds{operation,result},
//                                              posting_call_errors_total{operation}
//   observeJobQueues(read)                     job_queue_depth{queue}, job_queue_oldest_age_seconds{queue}
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db.ts';
import { UNAUTHORIZED } from '../http.ts';

const METRICS_PATH = '/metrics';

/** One queue's reading: jobs waiting (due or not), and how long the oldest due one has waited. */
export interface JobQueueReading {
  queue: string;
  depth: number;
  oldestAgeSeconds: number;
}

export interface Metrics {
  /**
   * A deposit came to an outcome: `deposits_total{outcome}`. Outcomes are the money path's own words
   * (authorized, declined, posted, refused, voided, cancelled, failed...): a few fixed values, never
   * an id or a message.
   */
  depositOutcome(outcome: string): void;
  /**
   * One call to the payment processor (authorize, capture, void, refund, lookup...) took `seconds`;
   * `ok` false when it failed or timed out (a decline is an answer, not a failure).
   */
  processorCall(operation: string, seconds: number, ok: boolean): void;
  /** One call to the facility's or the phone platform's posting system, as processorCall. */
  postingCall(operation: string, seconds: number, ok: boolean): void;
  /**
   * Where the job queues' depth and oldest age are read at each scrape (one query of the jobs
   * table, say). A read that fails leaves the two gauges empty for that scrape.
   */
  observeJobQueues(read: () => Promise<readonly JobQueueReading[]> | readonly JobQueueReading[]): void;
  /** An answered request: `http_request_duration_seconds{method,route,status_code}`. */
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  /** A request refused by a per-client limit (429): `rate_limit_refusals_total{route}`. */
  rateLimitRefusal(route: string): void;
  /** A database connection lost (server/db.ts onConnectionError): `db_connection_errors_total`. */
  connectionError(): void;
  /** A transaction run again after a serialization failure or deadlock: `db_transaction_retries_total`. */
  transactionRetry(): void;
  /** Every metric in Prometheus's text format. */
  text(): Promise<string>;
  readonly contentType: string;
}

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Calls to other systems: tens of milliseconds to their timeouts (PROCESSOR_TIMEOUT_MS...). */
const CALL_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

let processRegistry: Registry | undefined;
/** The process's metrics: collected once, however many apps the process builds. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(db: Pick<Database, 'poolUse'>): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route (the route pattern) and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const deposits = new Counter({
    name: 'deposits_total',
    help: 'Deposits by outcome.',
    labelNames: ['outcome'] as const,
    registers,
  });
  const call = (system: 'processor' | 'posting', about: string) => ({
    duration: new Histogram({
      name: `${system}_call_duration_seconds`,
      help: `Time of each call to ${about}, by operation and result (ok or error).`,
      labelNames: ['operation', 'result'] as const,
      buckets: CALL_BUCKETS,
      registers,
    }),
    errors: new Counter({
      name: `${system}_call_errors_total`,
      help: `Calls to ${about} that failed or timed out, by operation.`,
      labelNames: ['operation'] as const,
      registers,
    }),
  });
  const processor = call('processor', 'the payment processor');
  const posting = call('posting', "the facility's or phone platform's posting system");
  let readQueues: (() => Promise<readonly JobQueueReading[]> | readonly JobQueueReading[]) | undefined;
  // Both queue gauges use one read per scrape, made by text() before the registry collects.
  let lastRead: Promise<readonly JobQueueReading[]> = Promise.resolve([]);
  const queueGauge = (name: string, help: string, value: (r: JobQueueReading) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        this.reset();
        for (const r of await lastRead) this.set({ queue: r.queue }, value(r));
      },
    });
  queueGauge('job_queue_depth', 'Jobs waiting in each queue.', (r) => r.depth);
  queueGauge(
    'job_queue_oldest_age_seconds',
    'Seconds the oldest due job of each queue has waited.',
    (r) => r.oldestAgeSeconds,
  );
  const rateLimited = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused by a per-client limit (429), by route.',
    labelNames: ['route'] as const,
    registers,
  });
  const connectionErrors = new Counter({
    name: 'db_connection_errors_total',
    help: 'Database connections lost (a server that went away or restarted).',
    registers,
  });
  const transactionRetries = new Counter({
    name: 'db_transaction_retries_total',
    help: 'Transactions run again after a serialization failure or deadlock (PostgreSQL): payers acting at once on the same rows.',
    registers,
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool: connections open (total), idle among them, and requests waiting for one.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const use = db.poolUse();
      if (!use) return;
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });
  new Gauge({
    name: 'db_pool_max',
    help: 'Database pool: the most connections it opens (PG_POOL_SIZE).',
    registers,
    collect() {
      const use = db.poolUse();
      if (use) this.set(use.max);
    },
  });
  const callMetrics = (m: typeof processor) => (operation: string, seconds: number, ok: boolean) => {
    m.duration.observe({ operation, result: ok ? 'ok' : 'error' }, seconds);
    if (!ok) m.errors.inc({ operation });
  };
  return {
    depositOutcome: (outcome) => deposits.inc({ outcome }),
    processorCall: callMetrics(processor),
    postingCall: callMetrics(posting),
    observeJobQueues(read) {
      readQueues = read;
    },
    httpRequest: (method, route, status, seconds) =>
      http.observe({ method, route, status_code: String(status) }, seconds),
    rateLimitRefusal: (route) => rateLimited.inc({ route }),
    connectionError: () => connectionErrors.inc(),
    transactionRetry: () => transactionRetries.inc(),
    async text() {
      const read = readQueues;
      lastRead = read
        ? Promise.resolve()
            .then(read)
            .catch(() => [])
        : Promise.resolve([]);
      return `${await registry.metrics()}\n${await processMetrics().metrics()}`;
    },
    contentType: registry.contentType,
  };
}

/** Every answer counts in the request histogram; a 429 counts as a rate-limit refusal too. */
export function useHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    // A route's pattern, never its path (ids would make a series each); 'unmatched' for no route.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) metrics.rateLimitRefusal(route);
    done();
  });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * GET /metrics. With METRICS_TOKEN set it asks for `Authorization: Bearer <token>`; in production mode
 * it always does, so without a token nobody reads it there (401).
 */
export function metricsRoute(
  app: FastifyInstance,
  options: { metrics: Metrics; token: string | undefined; production: boolean },
): void {
  const { metrics, token, production } = options;
  const wanted = token ? digest(token) : undefined;
  if (production && !token) app.log.warn('METRICS_TOKEN is not set: /metrics refuses every request');
  app.get(METRICS_PATH, async (request, reply) => {
    if (production || wanted) {
      const header = request.headers.authorization ?? '';
      const given = /^Bearer (.+)$/i.exec(header)?.[1];
      // Compared as digests of equal length, in constant time.
      if (!wanted || !given || !timingSafeEqual(digest(given), wanted)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send(UNAUTHORIZED);
      }
    }
    return reply.header('content-type', metrics.contentType).send(await metrics.text());
  });
}
