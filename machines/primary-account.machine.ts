// /account/primary_account (§2: choose the primary account, validated accounts only; §7 GET
// /account/dest_accounts and POST /account/destinations/make_primary {ani}). A refused or failed
// change shows ERROR_CHANGING_PRIMARY_ACCOUNT (§8) and keeps the payer's choice. The choice is the
// page's form's (docs/decisions/0041): the save brings it, as the number make_primary takes.
import { type SnapshotFrom, assign } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { DestinationAccount, MakePrimaryRequest } from '../contract/accounts.ts';
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
  /** The choice sent to make_primary (its input), kept after a refusal: the form opens with it. */
  sent: MakePrimaryRequest | null;
  /** The account just saved as the primary one (a status message says so). */
  saved: DestinationAccount | null;
  /** i18n key of the error after a refused or failed change, or of a failed load. */
  failure: string | null;
}

export type PrimaryAccountEvent = { type: 'primary.save'; values: MakePrimaryRequest } | { type: 'primary.retry' };

/** The account the number names, among those that can be primary. */
function accountOf(accounts: readonly DestinationAccount[], ani: string | undefined): DestinationAccount | undefined {
  return ani === undefined ? undefined : accounts.find((a) => a.deposit_phone_no === ani);
}

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
    /** §2: only a listed (validated) account can be made primary. */
    isListed: ({ context }, params: { ani: string }) => accountOf(context.accounts, params.ani) !== undefined,
    isUnchanged: ({ context }, params: { ani: string }) =>
      context.primaryId !== null && accountOf(context.accounts, params.ani)?.id === context.primaryId,
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
        sent: null,
        saved: null,
        failure: null,
      };
    }),
    assignLoadFailure: assign((_, params: { error: unknown }) => ({ failure: toCallFailure(params.error).code })),
    assignSent: assign((_, params: { values: MakePrimaryRequest }) => ({ sent: params.values })),
    /** Saving the account that is already primary needs no call: the status message confirms it. */
    confirmUnchanged: assign(({ context }) => ({
      saved: context.accounts.find((a) => a.id === context.primaryId) ?? null,
      failure: null,
    })),
    flagNoChoice: assign({ failure: 'PRIMARY.CHOOSE', saved: null }),
    clearNotices: assign({ failure: null, saved: null }),
    markPrimary: assign(({ context }) => {
      const chosenId = accountOf(context.accounts, context.sent?.ani)?.id ?? null;
      const accounts = context.accounts.map((a) => {
        const primary = a.id === chosenId;
        return { ...a, primary, current_primary: primary };
      });
      return {
        accounts,
        primaryId: chosenId,
        saved: accounts.find((a) => a.id === chosenId) ?? null,
        failure: null,
      };
    }),
    flagSaveFailure: assign({ failure: 'ERROR.ERROR_CHANGING_PRIMARY_ACCOUNT', saved: null }),
  },
}).createMachine({
  id: 'primaryAccount',
  context: { accounts: [], hidden: 0, primaryId: null, sent: null, saved: null, failure: null },
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
        'primary.save': [
          {
            guard: { type: 'isUnchanged', params: ({ event }) => ({ ani: event.values.ani }) },
            actions: ['confirmUnchanged', { type: 'assignSent', params: ({ event }) => ({ values: event.values }) }],
          },
          {
            guard: { type: 'isListed', params: ({ event }) => ({ ani: event.values.ani }) },
            target: 'saving',
            actions: ['clearNotices', { type: 'assignSent', params: ({ event }) => ({ values: event.values }) }],
          },
          // A number that is not one of the validated accounts (the form offers none such).
          { actions: 'flagNoChoice' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'makePrimaryAccount',
        src: 'makePrimaryAccount',
        input: ({ context }) => ({ ani: context.sent?.ani ?? '' }),
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
