// The job workers (docs/decisions/0049): each instance takes due jobs from the shared table (FOR UPDATE
// SKIP LOCKED on PostgreSQL, so no two instances take one), runs each step outside any transaction, and
// deletes the job when its step is done. A step that fails is tried again later, with a growing wait; a
// worker that dies leaves its jobs locked only until their lease ends. Periodic runs (recurring
// deposits, the reconciler's sweep) are jobs that schedule themselves again. E-mail notices are handed to
// the mail server by `mail` jobs (docs/decisions/0053).
import type { Job, JobKind } from '../repo/jobs.ts';
import type { MoneyDeps } from './deposit-steps.ts';
import { deliverMail } from './deposit-notices.ts';
import { postDeposit, settleAuthorization, settleMoney } from './deposit-steps.ts';

/** What a step's handler answers: done, or run again at a time it chooses. */
export type StepOutcome = 'done' | { retryAt: string };

export interface Periodic {
  everyMs: number;
  run: () => Promise<void>;
}

export interface JobRunnerOptions {
  /** How many jobs one take claims. */
  batch?: number;
  /** Periodic runs by kind ('recurring', 'sweep'): scheduled at start, then every everyMs. */
  periodic?: Partial<Record<JobKind, Periodic>>;
  /** A step failed (it will be tried again): for the log. */
  onError?: (job: Job, err: unknown) => void;
}

export interface JobRunner {
  /** Takes and runs the due jobs once; returns how many ran. */
  runDue(): Promise<number>;
  /** Runs due jobs until none is due (tests; a bounded number of rounds). */
  drain(maxRounds?: number): Promise<number>;
  /** Polls every pollMs until stopped; schedules the periodic runs first. */
  start(pollMs: number): Promise<void>;
  /** Stops polling and waits for the job under way to finish. */
  stop(): Promise<void>;
  /** Whether the workers poll (readiness). */
  running(): boolean;
}

const PERIODIC_REF = 'all';
const MAX_BACKOFF_MS = 10 * 60_000;

/** The wait before a failed step's next try: 2 s, 4 s, 8 s... up to ten minutes, with some jitter. */
export function backoffMs(attempts: number): number {
  const base = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 20));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

export function createJobRunner(deps: MoneyDeps, options: JobRunnerOptions = {}): JobRunner {
  const { store, now } = deps;
  const batch = options.batch ?? 10;
  const periodic = options.periodic ?? {};
  // A job's lease: longer than any call it makes may take.
  const leaseMs =
    2 * Math.max(deps.money.processorTimeoutMs, deps.money.postingTimeoutMs, deps.mail?.timeoutMs ?? 0) + 10_000;

  async function step(job: Job): Promise<StepOutcome> {
    switch (job.kind) {
      case 'settle':
        return settleAuthorization(deps, job.ref);
      case 'post':
        return postDeposit(deps, job.ref);
      case 'capture':
      case 'void':
      case 'refund':
        return settleMoney(deps, job.kind, job.ref);
      case 'mail':
        return deliverMail(deps, job.ref);
      default: {
        const p = periodic[job.kind];
        if (p) await p.run();
        return { retryAt: new Date(now().getTime() + (p?.everyMs ?? 60_000)).toISOString() };
      }
    }
  }

  async function runOne(job: Job): Promise<void> {
    try {
      const outcome = await step(job);
      await store.transaction((repos) =>
        outcome === 'done' ? repos.jobs.finish(job) : repos.jobs.again(job, outcome.retryAt, null, true),
      );
    } catch (err) {
      options.onError?.(job, err);
      const retryAt = new Date(now().getTime() + backoffMs(job.attempts)).toISOString();
      const message = err instanceof Error ? err.message.slice(0, 500) : 'failed';
      await store.transaction((repos) => repos.jobs.again(job, retryAt, message));
    }
  }

  async function runDue(): Promise<number> {
    const t = now();
    const jobs = await store.transaction((repos) =>
      repos.jobs.take(t.toISOString(), new Date(t.getTime() + leaseMs).toISOString(), batch),
    );
    for (const job of jobs) await runOne(job);
    return jobs.length;
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = true;
  let current: Promise<unknown> = Promise.resolve();

  async function schedulePeriodic(): Promise<void> {
    const at = now().toISOString();
    for (const kind of Object.keys(periodic) as JobKind[]) {
      // keepEarlier: instances that start together keep one schedule, the earliest.
      await store.transaction((repos) => repos.jobs.schedule(kind, PERIODIC_REF, at, at, true));
    }
  }

  function poll(pollMs: number): void {
    if (stopped) return;
    current = (async () => {
      let ran = 0;
      try {
        ran = await runDue();
      } catch {
        // The database is unreachable or busy: try again at the next poll.
      }
      if (!stopped) {
        timer = setTimeout(() => poll(pollMs), ran >= batch ? 0 : pollMs);
        timer.unref();
      }
    })();
  }

  return {
    runDue,
    async drain(maxRounds = 100) {
      let total = 0;
      for (let i = 0; i < maxRounds; i += 1) {
        const ran = await runDue();
        total += ran;
        if (ran === 0) break;
      }
      return total;
    },
    async start(pollMs: number) {
      await schedulePeriodic();
      stopped = false;
      poll(pollMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
    running: () => !stopped,
  };
}
