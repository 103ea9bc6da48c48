// The error reports of one page load (§7 "client errors POSTed to /development/log_js_error"; §8
// "Error reports are sent at most 4 times, one at a time"): a report waits while another is being
// sent; once 4 reports have been taken, later ones are dropped, so an error that repeats (a render
// loop, a failing timer) cannot flood the server. A report that fails to send still counts and is
// not sent again. src/error-reporter.ts feeds it from the browser's error events.
import { type SnapshotFrom, assign } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { LogJsErrorRequest } from '../contract/api.ts';
import { calls } from './calls.ts';

/** §8: the most reports one page load sends. */
export const MAX_ERROR_REPORTS = 4;

export interface ErrorReporterContext {
  /** Reports taken and not yet sent; the first is being sent while the machine is in `sending`. */
  queue: LogJsErrorRequest[];
  /** Reports taken so far (sent, being sent or waiting): never more than MAX_ERROR_REPORTS. */
  taken: number;
}

export type ErrorReporterEvent = { type: 'report.error'; report: LogJsErrorRequest };

export const errorReporterMachine = setup({
  types: {
    context: {} as ErrorReporterContext,
    events: {} as ErrorReporterEvent,
  },
  actors: {
    ...calls('sendErrorReport'),
  },
  guards: {
    hasRoom: ({ context }) => context.taken < MAX_ERROR_REPORTS,
    hasWaiting: ({ context }) => context.queue.length > 0,
    isSpent: ({ context }) => context.taken >= MAX_ERROR_REPORTS,
  },
  actions: {
    take: assign(({ context }, params: { report: LogJsErrorRequest }) => ({
      queue: [...context.queue, params.report],
      taken: context.taken + 1,
    })),
    dropSent: assign(({ context }) => ({ queue: context.queue.slice(1) })),
  },
}).createMachine({
  id: 'errorReporter',
  context: { queue: [], taken: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'report.error': {
          guard: 'hasRoom',
          target: 'sending',
          actions: { type: 'take', params: ({ event }) => ({ report: event.report }) },
        },
      },
    },
    sending: {
      invoke: {
        id: 'sendErrorReport',
        src: 'sendErrorReport',
        input: ({ context }) => context.queue[0] as LogJsErrorRequest,
        // Sent or not, the report is done with: a failed report is not sent again.
        onDone: { target: 'next', actions: 'dropSent' },
        onError: { target: 'next', actions: 'dropSent' },
      },
      on: {
        // One at a time: a report that comes meanwhile waits its turn.
        'report.error': {
          guard: 'hasRoom',
          actions: { type: 'take', params: ({ event }) => ({ report: event.report }) },
        },
      },
    },
    next: {
      always: [{ guard: 'hasWaiting', target: 'sending' }, { guard: 'isSpent', target: 'spent' }, { target: 'idle' }],
    },
    // Every report of this page load has been sent: later errors are not reported.
    spent: {},
  },
});

export type ErrorReporterSnapshot = SnapshotFrom<typeof errorReporterMachine>;
