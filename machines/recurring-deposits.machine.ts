// /account/recurring_deposits (§2, §3 recurring deposit, §9 sorted by amount descending): the payer's
// recurring deposits, pam ones included, each cancellable after a confirmation. A failed cancellation
// closes the dialog and shows ERROR_DELETING_DEPOSIT (§8).
import { type SnapshotFrom, assign } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { RecurringDeposit } from '../contract/accounts.ts';
import { toCallFailure } from './actors.types.ts';
import type { PageInput } from './pages.ts';
import { calls } from './calls.ts';

/** §9: recurring deposits by amount, largest first (pam and other ones in one list). */
export function byAmountDescending(list: readonly RecurringDeposit[]): RecurringDeposit[] {
  return [...list].sort((a, b) => b.amount - a.amount || a.id - b.id);
}

/** A recurring deposit is named by its id and whether it is a pam one (two id spaces, §7). */
const same = (a: RecurringDeposit, b: { id: number; isPam: boolean }) => a.id === b.id && a.isPam === b.isPam;

export interface RecurringDepositsContext {
  deposits: RecurringDeposit[];
  /** The deposit the confirmation dialog asks about. */
  chosen: RecurringDeposit | null;
  /** The deposit just cancelled (a status message says so). */
  cancelled: RecurringDeposit | null;
  failure: string | null;
}

export type RecurringDepositsEvent =
  | { type: 'recurring.cancel'; id: number; isPam: boolean }
  | { type: 'recurring.confirm' }
  | { type: 'recurring.keep' }
  | { type: 'recurring.retry' };

export const recurringDepositsMachine = setup({
  types: {
    input: {} as PageInput,
    context: {} as RecurringDepositsContext,
    events: {} as RecurringDepositsEvent,
  },
  actors: {
    ...calls('loadRecurringDeposits', 'cancelRecurringDeposit'),
  },
  guards: {
    isListed: ({ context }, params: { id: number; isPam: boolean }) => context.deposits.some((d) => same(d, params)),
    wasCancelled: (_, params: { success: boolean }) => params.success,
  },
  actions: {
    assignDeposits: assign((_, params: { deposits: RecurringDeposit[] }) => ({
      deposits: byAmountDescending(params.deposits),
      failure: null,
    })),
    assignLoadFailure: assign((_, params: { error: unknown }) => ({ failure: toCallFailure(params.error).code })),
    choose: assign(({ context }, params: { id: number; isPam: boolean }) => ({
      chosen: context.deposits.find((d) => same(d, params)) ?? null,
      cancelled: null,
      failure: null,
    })),
    keepChosen: assign({ chosen: null }),
    dropChosen: assign(({ context }) => ({
      deposits: context.deposits.filter((d) => !(context.chosen && same(d, context.chosen))),
      cancelled: context.chosen,
      chosen: null,
    })),
    flagCancelFailure: assign({ failure: 'ERROR.ERROR_DELETING_DEPOSIT', chosen: null }),
  },
}).createMachine({
  id: 'recurringDeposits',
  context: { deposits: [], chosen: null, cancelled: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadRecurringDeposits',
        src: 'loadRecurringDeposits',
        onDone: {
          target: 'ready',
          actions: { type: 'assignDeposits', params: ({ event }) => ({ deposits: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignLoadFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'recurring.retry': 'loading' },
    },
    ready: {
      tags: ['editing'],
      on: {
        'recurring.cancel': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id, isPam: event.isPam }) },
          target: 'confirming',
          actions: { type: 'choose', params: ({ event }) => ({ id: event.id, isPam: event.isPam }) },
        },
      },
    },
    confirming: {
      tags: ['dialog'],
      on: {
        'recurring.keep': { target: 'ready', actions: 'keepChosen' },
        'recurring.confirm': 'cancelling',
      },
    },
    cancelling: {
      tags: ['dialog', 'busy'],
      invoke: {
        id: 'cancelRecurringDeposit',
        src: 'cancelRecurringDeposit',
        input: ({ context }) => ({ deposit: context.chosen as RecurringDeposit }),
        onDone: [
          {
            guard: { type: 'wasCancelled', params: ({ event }) => ({ success: event.output.success }) },
            target: 'ready',
            actions: 'dropChosen',
          },
          { target: 'ready', actions: 'flagCancelFailure' },
        ],
        onError: { target: 'ready', actions: 'flagCancelFailure' },
      },
    },
  },
});

export type RecurringDepositsSnapshot = SnapshotFrom<typeof recurringDepositsMachine>;
