// Shutdown (docs/decisions/0051; architecture: "SIGTERM drains requests and workers"). On SIGTERM the
// server stops taking requests (new ones on open connections get 503 with Retry-After and
// `Connection: close`; /readyz says 503 so a load balancer sends no more), lets the requests in flight
// finish for a bounded time, then runs the drain hooks (the job workers stop taking jobs and finish
// the current one), and only then closes the database pool.
import type { FastifyInstance } from 'fastify';
import { answerUnavailable } from './db-faults.ts';
import { HEALTH_PATHS } from './health.ts';

export interface Lifecycle {
  /** True from the moment the app starts closing. */
  readonly closing: boolean;
  /** Marks the start of the close (the preClose hook of useShutdownGate). */
  startClosing(): void;
  /**
   * Adds a step to the drain: it runs once no request is in flight any more, before the database
   * pool closes. Job workers join here: stop taking new jobs, resolve when the current one is done.
   * Steps run together; one that fails is logged and does not stop the others.
   */
  onDrain(step: () => Promise<void> | void): void;
  /** Runs the drain steps (the app's onClose hook, before it closes the database). */
  drain(log: { error(details: object, message: string): void }): Promise<void>;
}

export function createLifecycle(): Lifecycle {
  const steps: (() => Promise<void> | void)[] = [];
  let closing = false;
  return {
    get closing() {
      return closing;
    },
    startClosing() {
      closing = true;
    },
    onDrain(step) {
      steps.push(step);
    },
    async drain(log) {
      closing = true;
      const results = await Promise.allSettled(steps.map(async (step) => step()));
      for (const r of results) if (r.status === 'rejected') log.error({ err: r.reason }, 'drain step failed');
    },
  };
}

/**
 * From the start of close (preClose: before the server stops listening), new requests get 503 in the one
 * error format with `Connection: close`, instead of Fastify's own 503 body (return503OnClosing is off
 * for that reason). The health paths answer for themselves: /healthz stays 200 while the process
 * lives, /readyz answers 503.
 */
export function useShutdownGate(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('preClose', async () => {
    lifecycle.startClosing();
  });
  const exempt = new Set<string>([HEALTH_PATHS.live, HEALTH_PATHS.ready]);
  app.addHook('onRequest', (request, reply, done) => {
    // Nothing but a test of a flag while the app is open: no promise on every request (docs/decisions/0062).
    if (!lifecycle.closing || exempt.has(request.url.split('?', 1)[0] ?? '')) return done();
    reply.header('connection', 'close');
    void answerUnavailable(reply);
  });
  // The answer of a request that was in flight closes its connection: the server closes only the
  // connections idle when the close began, and a kept-alive one would otherwise hold the close open
  // until its keep-alive timeout.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.closing) reply.header('connection', 'close');
    done(null, payload);
  });
}

export type CloseOutcome = 'closed' | 'forced' | 'timed out';

/**
 * Closes the app: requests in flight and the drain get `graceMs`; after that the connections still
 * open are cut (their requests end unanswered) so that the drain and the pool's close can go on; if
 * the whole close still has not ended `graceMs` later, it is given up ('timed out': the caller exits).
 */
export async function closeGracefully(app: FastifyInstance, graceMs: number): Promise<CloseOutcome> {
  let outcome: CloseOutcome = 'closed';
  const timers: ReturnType<typeof setTimeout>[] = [];
  const closed = app.close().then(() => outcome);
  const forced = new Promise<void>((resolve) => {
    timers.push(setTimeout(resolve, graceMs));
  }).then(() => {
    outcome = 'forced';
    app.server.closeAllConnections();
  });
  const givenUp = forced.then(
    () =>
      new Promise<CloseOutcome>((resolve) => {
        timers.push(setTimeout(() => resolve('timed out'), graceMs));
      }),
  );
  try {
    return await Promise.race([closed, givenUp]);
  } finally {
    for (const t of timers) clearTimeout(t);
  }
}

/**
 * SIGTERM and SIGINT close the app gracefully (once; a second signal is ignored while it closes) and
 * then end the process: 0 when everything closed in time, 1 otherwise.
 */
export function handleSignals(
  app: FastifyInstance,
  graceMs: number,
  exit: (code: number) => void = process.exit,
): void {
  let closing = false;
  const onSignal = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceMs }, 'shutting down');
    try {
      const outcome = await closeGracefully(app, graceMs);
      if (outcome !== 'closed') app.log.warn({ outcome }, 'shutdown did not finish in time');
      exit(outcome === 'closed' ? 0 : 1);
    } catch (err) {
      app.log.error({ err }, 'error while closing');
      exit(1);
    }
  };
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
  process.on('SIGINT', () => void onSignal('SIGINT'));
}
