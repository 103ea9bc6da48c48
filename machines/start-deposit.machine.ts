// Starting a new deposit from a page outside the wizard (deposit history's repeat, §2; the quick deposits
// and "make a deposit" of deposit_or_schedule_visit, §2/§3): the form state starts empty (a finished
// deposit's deposit_id would send the checkout to that receipt, §4), then holds the given fields. The
// page invokes this machine with the fields (none for an empty deposit) and reads its output:
// - done: the server's answer to the save (null when there was nothing to save); the page judges
//   whether the answer refuses the deposit (its own list of fields) and tells the app where to go;
// - error: a call failed (neither call is answered here, so the failure ends this actor with an error
//   and reaches the page's onError, which says the deposit could not start).
import { type SnapshotFrom, assign } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { StateSaveResponse } from '../contract/api.ts';
import type { FormFields } from '../contract/entities.ts';
import { calls } from './calls.ts';

export interface StartDepositInput {
  /** The new deposit's fields; null starts an empty one (nothing is saved after the clearing). */
  fields: Partial<FormFields> | null;
}

export interface StartDepositOutput {
  /** POST /state/save's answer to the fields; null when none were given. */
  answer: StateSaveResponse | null;
}

interface StartDepositContext {
  fields: Partial<FormFields> | null;
  answer: StateSaveResponse | null;
}

export const startDepositMachine = setup({
  types: {
    input: {} as StartDepositInput,
    context: {} as StartDepositContext,
    output: {} as StartDepositOutput,
  },
  actors: {
    ...calls('clearFormState', 'saveFormState'),
  },
  guards: {
    hasFields: ({ context }) => context.fields !== null,
  },
  actions: {
    assignAnswer: assign((_, params: { answer: StateSaveResponse }) => ({ answer: params.answer })),
  },
}).createMachine({
  id: 'startDeposit',
  context: ({ input }) => ({ fields: input.fields, answer: null }),
  initial: 'clearing',
  states: {
    clearing: {
      invoke: {
        id: 'clearFormState',
        src: 'clearFormState',
        onDone: [{ guard: 'hasFields', target: 'saving' }, { target: 'done' }],
      },
    },
    saving: {
      invoke: {
        id: 'saveFormState',
        src: 'saveFormState',
        input: ({ context }) => ({ fields: context.fields ?? {} }),
        onDone: {
          target: 'done',
          actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
        },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ answer: context.answer }),
});

export type StartDepositSnapshot = SnapshotFrom<typeof startDepositMachine>;
