// #/deep_contact/:facilityId/:inmateId?zuid= (§3 deep_contact, deep_zuid; §4 deep contact): the link
// names the facility and the person. The server makes the form state a new deposit to them; the wizard
// then opens at the type step with the recipient known. A link the server does not know (or a malformed
// one) says so and offers the normal wizard; a failed call can be tried again.
import { type SnapshotFrom, assign, enqueueActions } from 'xstate';
import { setup } from './lazy-setup.ts';
import { toCallFailure } from './actors.types.ts';
import { type PageInput, type PageToAppEvent, wizardPath } from './pages.ts';
import { calls } from './calls.ts';
import { SYSTEM, tell } from './system.ts';

export interface DeepContactContext {
  facilityId: string;
  inmateId: string;
  /** The partner's user id from the link's `zuid` ('' without one). */
  zuid: string;
  /** i18n key of a failed call (network, server), or null. */
  failure: string | null;
}

export type DeepContactEvent = { type: 'deepContact.retry' };

/** The path the wizard opens at once the deposit is started (§4: type, recipient known). */
export const DEEP_CONTACT_NEXT = wizardPath('type');

export const deepContactMachine = setup({
  types: {
    input: {} as PageInput,
    context: {} as DeepContactContext,
    events: {} as DeepContactEvent,
  },
  actors: {
    ...calls('startDeepContact'),
  },
  guards: {
    // 400 (a malformed link) and 404 (an unknown facility or person): the link itself is wrong.
    isUnknownLink: (_, params: { error: unknown }) => {
      const { status } = toCallFailure(params.error);
      return status === 400 || status === 404;
    },
  },
  actions: {
    assignFailure: assign((_, params: { error: unknown }) => ({ failure: toCallFailure(params.error).code })),
    clearFailure: assign({ failure: null }),
    // The app is told; the model of the tests walks the machine alone, with no app to tell.
    toTypeStep: enqueueActions(({ enqueue, system }) => {
      tell(enqueue, system, SYSTEM.app, { type: 'app.go', path: DEEP_CONTACT_NEXT } satisfies PageToAppEvent);
    }),
  },
}).createMachine({
  id: 'deepContact',
  context: ({ input }) => ({
    facilityId: input.params['facilityId'] ?? '',
    inmateId: input.params['inmateId'] ?? '',
    zuid: input.query['zuid'] ?? '',
    failure: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      tags: ['loading'],
      invoke: {
        id: 'startDeepContact',
        src: 'startDeepContact',
        input: ({ context }) => ({
          facility_id: context.facilityId,
          inmate_id: context.inmateId,
          ...(context.zuid ? { deep_zuid: context.zuid } : {}),
        }),
        onDone: { target: 'leaving' },
        onError: [
          { guard: { type: 'isUnknownLink', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'failed', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** The link names a facility or person this site does not know: the normal wizard instead. */
    notFound: {
      tags: ['error', 'notFound'],
    },
    failed: {
      tags: ['error'],
      on: { 'deepContact.retry': { target: 'starting', actions: 'clearFailure' } },
    },
    leaving: { type: 'final', entry: 'toTypeStep' },
  },
});

export type DeepContactSnapshot = SnapshotFrom<typeof deepContactMachine>;

/** Where the not-found page sends the payer: the start of the normal wizard (§2 deposit.facility). */
export const DEEP_CONTACT_FALLBACK = wizardPath('facility');
