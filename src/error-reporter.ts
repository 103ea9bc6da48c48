// Reports the errors of the page to the server (§7 "client errors POSTed to
// /development/log_js_error"): uncaught errors and unhandled promise rejections of the window, the
// errors the React error boundary catches, and the failures §8 says are "only logged". The
// errorReporter machine sends at most 4 reports per page load, one at a time (§8). Reporting never
// throws: a broken report must not break the page, nor report itself.
import { type Actor, createActor, fromPromise } from 'xstate';
import type { LogJsErrorRequest } from '../contract/api.ts';
import { errorReporterMachine } from '../machines/error-reporter.machine.ts';

/** The server keeps this much of each field (server/routes/development.ts LIMITS); no use sending more. */
const MAX = { message: 2000, stack: 8000, url: 2000 } as const;

export interface ErrorReporter {
  /** Reports `error` (anything thrown or rejected); `detail` adds where it happened (a component stack). */
  report(error: unknown, detail?: string): void;
  /** Listens to the window's uncaught errors and unhandled rejections; returns what stops listening. */
  listen(target: Window): () => void;
  /** Stops reporting (tests; a page load reports until it ends). */
  stop(): void;
}

function cut(value: string, max: number): string {
  return value.length > max ? value.slice(0, max) : value;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message ? `${error.name}: ${error.message}` : error.name;
  if (typeof error === 'string') return error;
  try {
    const json = JSON.stringify(error);
    if (json !== undefined && json !== '{}') return json;
  } catch {
    // A cycle, or a getter that throws: fall back to the type's name.
  }
  return String(error);
}

/** What a report says about `error`: a message the server accepts (never empty), its stack, the route. */
export function describeError(error: unknown, detail?: string, url = currentRoute()): LogJsErrorRequest {
  let message = 'Unknown error';
  let stack: string | undefined;
  try {
    message = messageOf(error).trim() || message;
    stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : undefined;
  } catch {
    // An error object whose properties throw is reported as unknown.
  }
  const fullStack = [stack, detail?.trim()].filter(Boolean).join('\n');
  return {
    message: cut(message, MAX.message),
    ...(fullStack ? { stack: cut(fullStack, MAX.stack) } : {}),
    ...(url ? { url: cut(url, MAX.url) } : {}),
  };
}

/** The route the payer was on (the hash path of §2), not the page address with its host. */
function currentRoute(): string {
  try {
    return globalThis.location?.hash || '/';
  } catch {
    return '';
  }
}

/** An 'error' event of the window: its error, or its message and place when the error is unknown. */
function errorOfEvent(event: ErrorEvent): unknown {
  if (event.error !== undefined && event.error !== null) return event.error;
  const where = event.filename ? ` (${event.filename}:${event.lineno}:${event.colno})` : '';
  return `${event.message || 'Script error'}${where}`;
}

/** A reporter whose reports go through `send` (src/api/error-reports.ts over HTTP; a fake in tests). */
export function createErrorReporter(send: (report: LogJsErrorRequest) => Promise<void>): ErrorReporter {
  // Started at the first report: most page loads report nothing, and on a cheap phone building the
  // machine was a tenth of the first screen's start-up (docs/decisions/0064).
  let actor: Actor<typeof errorReporterMachine> | null | undefined;
  const started = () => {
    if (actor === undefined) {
      actor = createActor(
        errorReporterMachine.provide({
          actors: { sendErrorReport: fromPromise<void, LogJsErrorRequest>(({ input }) => send(input)) },
        }),
      );
      actor.start();
    }
    return actor;
  };

  const report = (error: unknown, detail?: string) => {
    try {
      started()?.send({ type: 'report.error', report: describeError(error, detail) });
    } catch {
      // Reporting never throws (§8: the page goes on).
    }
  };

  return {
    report,
    listen(target) {
      const onError = (event: ErrorEvent) => report(errorOfEvent(event));
      const onRejection = (event: PromiseRejectionEvent) => report(event.reason);
      target.addEventListener('error', onError);
      target.addEventListener('unhandledrejection', onRejection);
      return () => {
        target.removeEventListener('error', onError);
        target.removeEventListener('unhandledrejection', onRejection);
      };
    },
    stop() {
      actor?.stop();
      actor = null;
    },
  };
}
