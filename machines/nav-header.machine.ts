// §2 shared layout: "global header loaded from an external navigation script whose URL comes from
// form state" (contract/nav-header.ts). The app tells this machine the URL once the form state is
// read; the script is loaded once per page load (a later URL is ignored). A failure leaves the
// site's own header as it is and is reported to the app, which logs it (§8 error reports): the
// header script never blocks the wizard.
import { type SnapshotFrom, assign, enqueueActions } from 'xstate';
import { setup } from './lazy-setup.ts';
import { toCallFailure } from './actors.types.ts';
import { calls } from './calls.ts';
import { SYSTEM, tell } from './system.ts';

export interface NavHeaderContext {
  url: string;
  /** Why the script did not load, for the report. */
  failure: string | null;
}

export type NavHeaderEvent =
  /** The form state's nav_script_url ('' when none is configured). */
  { type: 'nav.load'; url: string };

/** What the app hears of a failed load. */
export interface NavScriptFailedEvent {
  type: 'app.navScriptFailed';
  message: string;
}

export const navHeaderMachine = setup({
  types: {
    context: {} as NavHeaderContext,
    events: {} as NavHeaderEvent,
  },
  actors: {
    ...calls('loadNavScript'),
  },
  guards: {
    hasUrl: (_, params: { url: string }) => params.url.trim() !== '',
  },
  actions: {
    assignUrl: assign((_, params: { url: string }) => ({ url: params.url.trim() })),
    assignFailure: assign((_, params: { error: unknown }) => {
      const { error } = params;
      const reason = error instanceof Error ? error.message : toCallFailure(error).code;
      return { failure: reason };
    }),
    reportFailure: enqueueActions(({ context, enqueue, system }) => {
      const failed: NavScriptFailedEvent = {
        type: 'app.navScriptFailed',
        message: `navigation script ${context.url} did not load: ${context.failure ?? 'unknown'}`,
      };
      tell(enqueue, system, SYSTEM.app, failed);
    }),
  },
}).createMachine({
  id: 'navHeader',
  context: { url: '', failure: null },
  initial: 'waiting',
  states: {
    /** Until the form state is read. */
    waiting: {
      on: {
        'nav.load': [
          {
            guard: { type: 'hasUrl', params: ({ event }) => ({ url: event.url }) },
            target: 'loading',
            actions: { type: 'assignUrl', params: ({ event }) => ({ url: event.url }) },
          },
          { target: 'off' },
        ],
      },
    },
    /** No script is configured: the site's own header only. */
    off: {},
    loading: {
      invoke: {
        id: 'loadNavScript',
        src: 'loadNavScript',
        input: ({ context }) => ({ url: context.url }),
        onDone: 'loaded',
        onError: {
          target: 'failed',
          actions: [{ type: 'assignFailure', params: ({ event }) => ({ error: event.error }) }, 'reportFailure'],
        },
      },
    },
    /** The layout shows the script's navigation in its header. */
    loaded: {
      tags: ['loaded'],
    },
    /** The site's own header stays; the failure was reported. */
    failed: {},
  },
});

export type NavHeaderSnapshot = SnapshotFrom<typeof navHeaderMachine>;
export type NavHeaderState = 'waiting' | 'off' | 'loading' | 'loaded' | 'failed';
