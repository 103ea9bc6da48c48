// /pam_return?result= (§2 pam variant; contract/pam.ts): the payment endpoint sends the payer back here
// after taking the card. The server turns its signed result into the deposit and the pam receipt; the
// app then opens the receipt step. A result the server refuses, or a call that fails, says so and keeps
// the way back: try again (a network failure), or return to the checkout (nothing was recorded).
import { type SnapshotFrom, assign, not, sendParent } from 'xstate';
import { setup } from './lazy-setup.ts';
import { PAM_ERRORS, PAM_RESULT_PARAM } from '../contract/pam-base.ts';
import { toCallFailure } from './actors.types.ts';
import { type PageInput, type PageToAppEvent, wizardPath } from './pages.ts';
import { calls } from './calls.ts';

export interface PamReturnContext {
  /** The endpoint's signed result, from the address. */
  result: string;
  /** i18n key of why the deposit could not be recorded. */
  failure: string | null;
  /** The call failed on the way (network, server): the same result may go through another time. */
  retryable: boolean;
}

export type PamReturnEvent = { type: 'pamReturn.retry' } | { type: 'pamReturn.toCheckout' };

export const pamReturnMachine = setup({
  types: {
    input: {} as PageInput,
    context: {} as PamReturnContext,
    events: {} as PamReturnEvent,
  },
  actors: {
    ...calls('completePamDeposit'),
  },
  guards: {
    canRetry: ({ context }) => context.result !== '' && context.retryable,
    hasResult: ({ context }) => context.result !== '',
  },
  actions: {
    assignFailure: assign((_, params: { error: unknown }) => {
      const failure = toCallFailure(params.error);
      // A refused result names its reason on `form`; a bad address, on the result itself.
      const reason = failure.errors.form ?? (Object.keys(failure.errors).length > 0 ? PAM_ERRORS.invalidResult : null);
      return { failure: reason ?? failure.code, retryable: failure.status === 0 || failure.status >= 500 };
    }),
    assignMissingResult: assign({ failure: PAM_ERRORS.invalidResult, retryable: false }),
    clearFailure: assign({ failure: null, retryable: false }),
    /** The app reads the form state again (it now holds deposit_id) and the wizard shows the receipt (§4). */
    toReceipt: sendParent({ type: 'app.go', path: wizardPath('receipt') } satisfies PageToAppEvent),
    toCheckout: sendParent({ type: 'app.go', path: wizardPath('checkout') } satisfies PageToAppEvent),
  },
}).createMachine({
  id: 'pamReturn',
  context: ({ input }) => ({
    result: (input.query[PAM_RESULT_PARAM] ?? '').trim(),
    failure: null,
    retryable: false,
  }),
  initial: 'completing',
  states: {
    completing: {
      tags: ['loading'],
      // An address without a result has nothing to complete: no call is made.
      always: { guard: not('hasResult'), target: 'failed', actions: 'assignMissingResult' },
      entry: 'clearFailure',
      invoke: {
        id: 'completePamDeposit',
        src: 'completePamDeposit',
        input: ({ context }) => ({ pam_result: context.result }),
        onDone: { target: 'leaving', actions: 'toReceipt' },
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: {
        // A refused result stays refused: only a failure on the way is worth another try.
        'pamReturn.retry': { guard: 'canRetry', target: 'completing' },
        'pamReturn.toCheckout': { target: 'leaving', actions: 'toCheckout' },
      },
    },
    // The app takes over from here (it stops this page when it moves on).
    leaving: {
      tags: ['busy'],
    },
  },
});

export type PamReturnSnapshot = SnapshotFrom<typeof pamReturnMachine>;
