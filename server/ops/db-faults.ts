// Database faults (docs/decisions/0051): an error that says "the database cannot be reached for now"
// is answered 503 with Retry-After in the one error format (docs/decisions/0037), never 500, and the
// server recovers by itself when the database answers again (the pool opens new connections). A
// starting server waits for its database for a bounded time instead of failing at once.
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db.ts';
import { UNAVAILABLE } from '../http.ts';

/** Seconds a payer (or a client) is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

/** Socket errors of a server that is down, restarting or out of reach. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs of the same kind: class 08 (connection exception), 57P01 to 57P03 (the
 * server is shutting down, crashed, or cannot take connections yet: recovery after a crash), 53300
 * (too many connections).
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** node-postgres's own errors for a connection that ended or never came (they carry no code). */
const PG_MESSAGES = /connection terminated|timeout exceeded when trying to connect|is not queryable/i;

/** SQLite's busy and locked results (another connection holds the lock past busy_timeout). */
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

function isTransient(err: object): boolean {
  const { code, errcode, message } = err as { code?: unknown; errcode?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number') {
    const primary = errcode & 0xff;
    return primary === SQLITE_BUSY || primary === SQLITE_LOCKED;
  }
  return typeof message === 'string' && PG_MESSAGES.test(message);
}

/**
 * Whether err (or what caused it: `cause`, or one of an AggregateError's `errors`, as a connection
 * to several addresses reports) means the database cannot be reached for now.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const queue: unknown[] = [err];
  for (let seen = 0; queue.length > 0 && seen < 20; seen += 1) {
    const e = queue.shift();
    if (typeof e !== 'object' || e === null) continue;
    if (isTransient(e)) return true;
    const { cause, errors } = e as { cause?: unknown; errors?: unknown };
    if (cause !== undefined) queue.push(cause);
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
  return false;
}

/** A short description of a database error for a log line: its code and message, no stack. */
export function faultSummary(err: unknown): { code?: string; message: string } {
  if (typeof err !== 'object' || err === null) return { message: String(err) };
  const { code, message } = err as { code?: unknown; message?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    message: typeof message === 'string' && message ? message : String(err),
  };
}

/** Answers 503 with Retry-After and ERROR.UNAVAILABLE: the app keeps what was typed and says to try again. */
export function answerUnavailable(reply: FastifyReply): FastifyReply {
  return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(UNAVAILABLE);
}

export interface WaitOptions {
  /** The most time to wait, in milliseconds; 0 asks once. */
  timeoutMs: number;
  /** Told of each failed attempt that will be tried again. */
  onRetry?: (err: unknown, attempt: number) => void;
  /** The clock and the pause between attempts (tests replace them). */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Asks the database a trivial question until it answers, with pauses that grow to 5 s, for at most
 * `timeoutMs`. An error that is not "unavailable" (a wrong password, a database that does not exist)
 * is thrown at once; so is the last error when the time is up.
 */
export async function waitForDatabase(db: Database, options: WaitOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const deadline = now() + options.timeoutMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await sql`SELECT 1`.execute(db.kysely);
      return;
    } catch (err) {
      const pause = Math.min(5000, 250 * 2 ** (attempt - 1));
      if (!isDatabaseUnavailable(err) || now() + pause > deadline) throw err;
      options.onRetry?.(err, attempt);
      await sleep(pause);
    }
  }
}

/**
 * A line for each retry of the start-up wait, before the app's logger exists: on stderr, shaped like
 * the logger's own lines (pino's `warn` is level 40) so that a log collector reads it alike.
 */
export function logDatabaseWait(err: unknown, attempt: number): void {
  const line = { level: 40, time: Date.now(), attempt, fault: faultSummary(err), msg: 'database not reachable yet' };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}
