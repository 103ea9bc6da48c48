// /account/primary_account (§2: choose the primary account, validated accounts only; §7 GET
// /account/dest_accounts and POST /account/destinations/make_primary {ani}). A refused or failed
// change shows ERROR_CHANGING_PRIMARY_ACCOUNT (§8) and keeps the payer's choice.
import { type SnapshotFrom, assign, setup } from 'xstate';
import type { DestinationAccount } from '../contract/accounts.ts';
import { toCallFailure } from './actors.types.ts';
import type { PageInput } from './pages.ts';
import { calls } from './calls.ts';

/** §2: only a validated phone account can be the primary one. */
export function primaryCandidates(list: readonly DestinationAccount[]): DestinationAccount[] {
  return list.filter((a) => a.validated);
}

export interface PrimaryAccountContext {
  /** The validated phone accounts, in the order the server lists them (§9: primary first). */
  accounts: DestinationAccount[];
  /** How many of the payer's phone accounts are not validated (they cannot be chosen). */
  hidden: number;
  /** The account that is primary on the server. */
  primaryId: number | null;
  /** The radio choice; the current primary to begin with. */
  chosenId: number | null;
  /** The account just saved as the primary one (a status message says so). */
  saved: DestinationAccount | null;
  /** i18n key of the error after a refused or failed change, or of a failed load. */
  failure: string | null;
}

export type PrimaryAccountEvent =
  { type: 'primary.choose'; id: number } | { type: 'primary.save' } | { type: 'primary.retry' };

export const primaryAccountMachine = setup({
  types: {
    input: {} as PageInput,
    context: {} as PrimaryAccountContext,
    events: {} as PrimaryAccountEvent,
  },
  actors: {
    ...calls('loadPrimaryAccounts', 'makePrimaryAccount'),
  },
  guards: {
    hasCandidates: (_, params: { accounts: DestinationAccount[] }) => primaryCandidates(params.accounts).length > 0,
    isListed: ({ context }, params: { id: number }) => context.accounts.some((a) => a.id === params.id),
    hasChoice: ({ context }) => context.accounts.some((a) => a.id === context.chosenId),
    isUnchanged: ({ context }) => context.chosenId !== null && context.chosenId === context.primaryId,
    wasChanged: (_, params: { success: boolean }) => params.success,
  },
  actions: {
    assignAccounts: assign((_, params: { accounts: DestinationAccount[] }) => {
      const accounts = primaryCandidates(params.accounts);
      const primaryId = accounts.find((a) => a.primary)?.id ?? null;
      return {
        accounts,
        hidden: params.accounts.length - accounts.length,
        primaryId,
        chosenId: primaryId,
        saved: null,
        failure: null,
      };
    }),
    assignLoadFailure: assign((_, params: { error: unknown }) => ({ failure: toCallFailure(params.error).code })),
    choose: assign((_, params: { id: number }) => ({ chosenId: params.id, saved: null, failure: null })),
    /** Saving the account that is already primary needs no call: the status message confirms it. */
    confirmUnchanged: assign(({ context }) => ({
      saved: context.accounts.find((a) => a.id === context.primaryId) ?? null,
      failure: null,
    })),
    flagNoChoice: assign({ failure: 'PRIMARY.CHOOSE', saved: null }),
    clearNotices: assign({ failure: null, saved: null }),
    markPrimary: assign(({ context }) => {
      const accounts = context.accounts.map((a) => {
        const primary = a.id === context.chosenId;
        return { ...a, primary, current_primary: primary };
      });
      return {
        accounts,
        primaryId: context.chosenId,
        saved: accounts.find((a) => a.id === context.chosenId) ?? null,
        failure: null,
      };
    }),
    flagSaveFailure: assign({ failure: 'ERROR.ERROR_CHANGING_PRIMARY_ACCOUNT', saved: null }),
  },
}).createMachine({
  id: 'primaryAccount',
  context: { accounts: [], hidden: 0, primaryId: null, chosenId: null, saved: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPrimaryAccounts',
        src: 'loadPrimaryAccounts',
        onDone: [
          {
            guard: { type: 'hasCandidates', params: ({ event }) => ({ accounts: event.output.dest_accounts }) },
            target: 'ready',
            actions: { type: 'assignAccounts', params: ({ event }) => ({ accounts: event.output.dest_accounts }) },
          },
          {
            target: 'none',
            actions: { type: 'assignAccounts', params: ({ event }) => ({ accounts: event.output.dest_accounts }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignLoadFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'primary.retry': 'loading' },
    },
    /** §2: no validated phone account, so there is nothing to choose. */
    none: {
      tags: ['done'],
    },
    ready: {
      tags: ['editing'],
      on: {
        'primary.choose': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
        },
        'primary.save': [
          { guard: 'isUnchanged', actions: 'confirmUnchanged' },
          { guard: 'hasChoice', target: 'saving', actions: 'clearNotices' },
          { actions: 'flagNoChoice' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'makePrimaryAccount',
        src: 'makePrimaryAccount',
        input: ({ context }) => ({
          ani: context.accounts.find((a) => a.id === context.chosenId)?.deposit_phone_no ?? '',
        }),
        onDone: [
          {
            guard: { type: 'wasChanged', params: ({ event }) => ({ success: event.output.success }) },
            target: 'ready',
            actions: 'markPrimary',
          },
          { target: 'ready', actions: 'flagSaveFailure' },
        ],
        onError: { target: 'ready', actions: 'flagSaveFailure' },
      },
    },
  },
});

export type PrimaryAccountSnapshot = SnapshotFrom<typeof primaryAccountMachine>;
