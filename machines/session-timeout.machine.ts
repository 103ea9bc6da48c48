// The session's idle limit, as the page counts it (WCAG 2.2.1 Timing Adjustable; docs/decisions/0045).
// Every answer of the server is activity; after the limit (contract/session.ts) the session ends. A
// signed-in payer is warned first, in a dialog that takes focus, and may stay signed in (one request
// that the server answers signed in) or sign out. A guest is not warned: nothing is lost when a
// guest's session ends, since the page puts the non-card values into the next one (decision 0046).
// The app tells this machine who is signed in and the limit after each read of the form state.
import { type SnapshotFrom, assign, enqueueActions } from 'xstate';
import { setup } from './lazy-setup.ts';
import { DEFAULT_SESSION_IDLE_MINUTES, sessionTimes } from '../contract/session.ts';
import { toCallFailure } from './actors.types.ts';
import { calls } from './calls.ts';
import { SYSTEM, tell } from './system.ts';

export interface SessionTimeoutContext {
  /** The server's limit (SiteInfo.session_idle_seconds). */
  idleSeconds: number;
  /** i18n key: "Stay signed in" could not reach the server. */
  failure: string | null;
}

export type SessionTimeoutEvent =
  /** After each read of the form state: who is signed in, and the server's limit (null: the default). */
  | { type: 'session.update'; signedIn: boolean; idleSeconds: number | null }
  /** The server answered a request: the session was seen. */
  | { type: 'session.activity' }
  /** The warning's answers. */
  | { type: 'session.stay' }
  | { type: 'session.signOut' };

/** What the app hears: the session ended at the limit (it signs a payer out, or starts a guest's anew). */
export type SessionTimeoutToAppEvent = { type: 'app.sessionEnded'; signedIn: boolean } | { type: 'app.signOut' };

const DEFAULT_IDLE_SECONDS = DEFAULT_SESSION_IDLE_MINUTES * 60;

export const sessionTimeoutMachine = setup({
  types: {
    context: {} as SessionTimeoutContext,
    events: {} as SessionTimeoutEvent,
  },
  actors: {
    ...calls('keepSessionAlive'),
  },
  delays: {
    sessionWarn: ({ context }) => sessionTimes(context.idleSeconds).warnAfterMs,
    sessionWarnFor: ({ context }) => sessionTimes(context.idleSeconds).warnForMs,
    sessionEnd: ({ context }) => sessionTimes(context.idleSeconds).endAfterMs,
  },
  guards: {
    isSignedInUpdate: (_, params: { signedIn: boolean }) => params.signedIn,
    isStillSignedIn: (_, params: { signedIn: boolean }) => params.signedIn,
  },
  actions: {
    assignLimit: assign((_, params: { idleSeconds: number | null }) => ({
      idleSeconds: params.idleSeconds && params.idleSeconds > 0 ? params.idleSeconds : DEFAULT_IDLE_SECONDS,
      failure: null,
    })),
    assignFailure: assign((_, params: { error: unknown }) => ({ failure: toCallFailure(params.error).code })),
    clearFailure: assign({ failure: null }),
    tellEnded: enqueueActions(({ enqueue, system }, params: { signedIn: boolean }) => {
      const ended: SessionTimeoutToAppEvent = { type: 'app.sessionEnded', signedIn: params.signedIn };
      tell(enqueue, system, SYSTEM.app, ended);
    }),
    tellSignOut: enqueueActions(({ enqueue, system }) => {
      const signOut: SessionTimeoutToAppEvent = { type: 'app.signOut' };
      tell(enqueue, system, SYSTEM.app, signOut);
    }),
  },
}).createMachine({
  id: 'sessionTimeout',
  context: { idleSeconds: DEFAULT_IDLE_SECONDS, failure: null },
  initial: 'waiting',
  on: {
    'session.update': [
      {
        guard: { type: 'isSignedInUpdate', params: ({ event }) => ({ signedIn: event.signedIn }) },
        target: '.signedIn',
        reenter: true,
        actions: { type: 'assignLimit', params: ({ event }) => ({ idleSeconds: event.idleSeconds }) },
      },
      {
        target: '.guest',
        reenter: true,
        actions: { type: 'assignLimit', params: ({ event }) => ({ idleSeconds: event.idleSeconds }) },
      },
    ],
  },
  states: {
    /** Until the form state is read (or read again after the session ended). */
    waiting: {},
    /** A guest: the session ends at the limit without a warning (nothing is lost, decision 0046). */
    guest: {
      on: { 'session.activity': { target: 'guest', reenter: true } },
      after: {
        sessionEnd: { target: 'waiting', actions: { type: 'tellEnded', params: { signedIn: false } } },
      },
    },
    signedIn: {
      initial: 'active',
      states: {
        active: {
          on: { 'session.activity': { target: 'active', reenter: true } },
          after: { sessionWarn: 'warning' },
        },
        /** WCAG 2.2.1: warned before the end, with time to answer. */
        warning: {
          tags: ['dialog'],
          on: {
            'session.stay': { target: 'staying', actions: 'clearFailure' },
            'session.signOut': { target: '#sessionTimeout.waiting', actions: 'tellSignOut' },
          },
          after: {
            sessionWarnFor: {
              target: '#sessionTimeout.waiting',
              actions: { type: 'tellEnded', params: { signedIn: true } },
            },
          },
        },
        /** "Stay signed in": one request, which the server counts as activity. */
        staying: {
          tags: ['dialog', 'busy'],
          invoke: {
            id: 'keepSessionAlive',
            src: 'keepSessionAlive',
            onDone: [
              {
                guard: { type: 'isStillSignedIn', params: ({ event }) => ({ signedIn: event.output.signedIn }) },
                target: 'active',
              },
              // The server had already ended it.
              { target: '#sessionTimeout.waiting', actions: { type: 'tellEnded', params: { signedIn: true } } },
            ],
            onError: {
              target: 'warning',
              actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});

export type SessionTimeoutSnapshot = SnapshotFrom<typeof sessionTimeoutMachine>;

/** The warning is open (with "Stay signed in" busy while it asks the server). */
export function isWarning(snapshot: SessionTimeoutSnapshot | undefined): boolean {
  return snapshot?.hasTag('dialog') === true;
}
