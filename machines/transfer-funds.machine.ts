// /account/transfer_funds (§2 from, to, amount, fee, total; §5 Transfer; §6 validated accounts only;
// §7 bal_transfer_fees and bal_transfer; §8 transfer codes; §9 fee throttle 250 ms): the payer moves
// prepaid balance between two of their own validated phone accounts. The fee is quoted 250 ms after
// the last change (a newer change restarts the wait and drops an older quote); the server's rules
// decide, and a refusal shows its §8 code with everything entered kept.
//
// The three values are this machine's, not a form's (docs/decisions/0041: a value priced as it changes
// stays the flow's, like the checkout's amount): every change is a quote request, and the transfer sent
// is the very request the payer saw priced.
import { type SnapshotFrom, assign } from 'xstate';
import { setup } from './lazy-setup.ts';
import {
  type AccountErrorCode,
  accountErrorKey,
  parseTransferAmount,
  transferAmountError,
} from '../contract/accounts-base.ts';
import type { AccountErrors, DestinationAccount, TransferRequest } from '../contract/accounts.ts';
import { DELAYS } from '../contract/constants.ts';
import { toCents, toDollars } from '../contract/format.ts';
import { toCallFailure } from './actors.types.ts';
import type { PageInput } from './pages.ts';
import { calls } from './calls.ts';

/** What the payer enters: the two accounts by phone number, and the amount as typed. */
export interface TransferFields {
  from: string;
  to: string;
  amount: string;
}
export const EMPTY_TRANSFER: TransferFields = { from: '', to: '', amount: '' };

/** A transfer the server made: the status message names it with both new balances. */
export interface TransferReceipt {
  amount: number;
  fee: number;
  from: string;
  to: string;
}

export interface TransferFundsContext {
  /** §6: the payer's validated phone accounts, the only ones a transfer may use. */
  accounts: DestinationAccount[];
  fields: TransferFields;
  /** Dollars, while the quote for the current fields is known. */
  fee: number | null;
  /** i18n key of the §8 code that refused the quote or the transfer. */
  refusal: string | null;
  /** i18n key of a failed call (loading the accounts, the quote, the transfer). */
  failure: string | null;
  transferred: TransferReceipt | null;
}

export type TransferFundsEvent =
  | { type: 'transfer.from'; ani: string }
  | { type: 'transfer.to'; ani: string }
  | { type: 'transfer.amount'; text: string }
  | { type: 'transfer.submit' }
  | { type: 'transfer.retry' };

/** §6: transfers only between validated accounts. */
export function transferableAccounts(list: readonly DestinationAccount[]): DestinationAccount[] {
  return list.filter((a) => a.validate_status === 'validated');
}

/** §5: a transfer needs at least two verified accounts. */
export const MIN_TRANSFER_ACCOUNTS = 2;

/** The §8 codes the transfer calls may refuse with; anything else is GENERIC_TRANSER_ERROR. */
const TRANSFER_CODES = [
  'INSUFFICIENT_FUNDS',
  'SAME_SRC_DST',
  'SRC_DST_FRAUD',
  'DST_DST_FRAUD',
  'TRANSFER_NEEDS_TWO_VERIFIED',
  'ACCOUNT_NOT_VALIDATED',
] as const satisfies readonly AccountErrorCode[];
const KNOWN_REFUSALS: ReadonlySet<string> = new Set(TRANSFER_CODES.map(accountErrorKey));

/** §8: a refusal without a known translation key is GENERIC_TRANSER_ERROR. */
export function refusalKey(errors: AccountErrors): string {
  const key = errors['form'];
  return key !== undefined && KNOWN_REFUSALS.has(key) ? key : 'ERROR.GENERIC_TRANSER_ERROR';
}

/** The amount field's message (§5: a number of at least 0), or null; nothing while it is empty. */
export function amountError(fields: TransferFields): string | null {
  return fields.amount.trim() === '' ? null : transferAmountError(fields.amount.trim(), true);
}

export interface TransferTotals {
  /** The amount typed, when it is a valid one. */
  amount: number | null;
  fee: number | null;
  /** amount + fee once the fee is known and the amount is above 0; 0 otherwise (§5). */
  total: number;
}

export function transferTotals(context: Pick<TransferFundsContext, 'fields' | 'fee'>): TransferTotals {
  const amount = amountError(context.fields) === null ? parseTransferAmount(context.fields.amount.trim()) : NaN;
  const valid = Number.isNaN(amount) ? null : amount;
  // Added in cents (contract/format.ts), never in floating dollars.
  const total =
    valid !== null && valid > 0 && context.fee !== null ? toDollars(toCents(valid) + toCents(context.fee)) : 0;
  return { amount: valid, fee: context.fee, total };
}

function request(fields: TransferFields): TransferRequest {
  return { amount: parseTransferAmount(fields.amount.trim()), src_ani: fields.from, dst_ani: fields.to };
}

export const transferFundsMachine = setup({
  types: {
    input: {} as PageInput,
    context: {} as TransferFundsContext,
    events: {} as TransferFundsEvent,
  },
  delays: {
    feeThrottle: DELAYS.feeThrottle,
  },
  actors: {
    ...calls('loadTransferAccounts', 'quoteTransferFee', 'transferBalance'),
  },
  guards: {
    lacksAccounts: (_, params: { accounts: DestinationAccount[] }) =>
      transferableAccounts(params.accounts).length < MIN_TRANSFER_ACCOUNTS,
    hasTransferred: ({ context }) => context.transferred !== null,
    // Both accounts chosen and an amount of at least 0 (§5): the server quotes, and its rules decide.
    isQuotable: ({ context }) =>
      context.fields.from !== '' &&
      context.fields.to !== '' &&
      context.fields.amount.trim() !== '' &&
      amountError(context.fields) === null,
    wasAccepted: (_, params: { success: boolean; fee: number | null }) => params.success && params.fee !== null,
    wasMade: (_, params: { success: boolean }) => params.success,
    // §5: submit disabled when invalid or total 0.
    canSubmit: ({ context }) => transferTotals(context).total > 0,
  },
  actions: {
    assignAccounts: assign((_, params: { accounts: DestinationAccount[] }) => ({
      accounts: transferableAccounts(params.accounts),
      failure: null,
    })),
    assignLoadFailure: assign((_, params: { error: unknown }) => ({ failure: toCallFailure(params.error).code })),
    assignField: assign(({ context }, params: Partial<TransferFields>) => ({
      fields: { ...context.fields, ...params },
    })),
    /** Whatever was known about the old fields goes with them. */
    clearQuote: assign({ fee: null, refusal: null, failure: null }),
    clearFailure: assign({ failure: null }),
    clearTransferred: assign({ transferred: null }),
    assignFee: assign((_, params: { fee: number | null }) => ({ fee: params.fee, refusal: null, failure: null })),
    assignRefusal: assign((_, params: { errors: AccountErrors }) => ({
      fee: null,
      refusal: refusalKey(params.errors),
      failure: null,
    })),
    assignCallFailure: assign((_, params: { error: unknown }) => ({ failure: toCallFailure(params.error).code })),
    // The form starts again empty; the balances come fresh from the reload.
    assignTransferred: assign(({ context }) => ({
      transferred: {
        amount: parseTransferAmount(context.fields.amount.trim()),
        fee: context.fee ?? 0,
        from: context.fields.from,
        to: context.fields.to,
      },
      fields: EMPTY_TRANSFER,
      fee: null,
      refusal: null,
      failure: null,
    })),
  },
}).createMachine({
  id: 'transferFunds',
  context: { accounts: [], fields: EMPTY_TRANSFER, fee: null, refusal: null, failure: null, transferred: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadTransferAccounts',
        src: 'loadTransferAccounts',
        onDone: [
          {
            guard: { type: 'lacksAccounts', params: ({ event }) => ({ accounts: event.output }) },
            target: 'notEnough',
            actions: { type: 'assignAccounts', params: ({ event }) => ({ accounts: event.output }) },
          },
          // A transfer was made but reloading its balances failed, then a retry succeeded.
          {
            guard: 'hasTransferred',
            target: 'done.shown',
            actions: { type: 'assignAccounts', params: ({ event }) => ({ accounts: event.output }) },
          },
          {
            target: 'editing',
            actions: { type: 'assignAccounts', params: ({ event }) => ({ accounts: event.output }) },
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
      on: { 'transfer.retry': 'loading' },
    },
    /** §5: fewer than two validated accounts, so nothing to transfer between. */
    notEnough: {
      tags: ['notEnough'],
    },
    editing: {
      tags: ['editing'],
      initial: 'incomplete',
      // A change re-enters `incomplete`: the waiting delay and any quote under way are cancelled.
      on: {
        'transfer.from': {
          target: '.incomplete',
          actions: { type: 'assignField', params: ({ event }) => ({ from: event.ani }) },
        },
        'transfer.to': {
          target: '.incomplete',
          actions: { type: 'assignField', params: ({ event }) => ({ to: event.ani }) },
        },
        'transfer.amount': {
          target: '.incomplete',
          actions: { type: 'assignField', params: ({ event }) => ({ amount: event.text }) },
        },
      },
      states: {
        /** Not enough entered to ask for a quote yet. */
        incomplete: {
          entry: 'clearQuote',
          always: { guard: 'isQuotable', target: 'waiting' },
        },
        // §9: the transfer fee is asked for 250 ms after the last change.
        waiting: {
          tags: ['calculating'],
          after: { feeThrottle: 'pricing' },
        },
        pricing: {
          tags: ['calculating'],
          invoke: {
            id: 'quoteTransferFee',
            src: 'quoteTransferFee',
            input: ({ context }) => request(context.fields),
            onDone: [
              {
                guard: {
                  type: 'wasAccepted',
                  params: ({ event }) => ({ success: event.output.success, fee: event.output.transfer_fee }),
                },
                target: 'priced',
                actions: { type: 'assignFee', params: ({ event }) => ({ fee: event.output.transfer_fee }) },
              },
              {
                target: 'refused',
                actions: { type: 'assignRefusal', params: ({ event }) => ({ errors: event.output.errors }) },
              },
            ],
            onError: {
              target: 'feeFailed',
              actions: { type: 'assignCallFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        /** Fee and total known; a transfer that failed to reach the server leaves its message here. */
        priced: {
          on: { 'transfer.submit': { guard: 'canSubmit', target: '#transferFunds.submitting' } },
        },
        /** §8: the quote or the transfer was refused; a change asks again. */
        refused: {},
        /** The quote could not be fetched. */
        feeFailed: {
          tags: ['feeFailed'],
          on: { 'transfer.retry': { target: 'waiting', actions: 'clearFailure' } },
        },
      },
    },
    submitting: {
      tags: ['busy', 'submitting'],
      invoke: {
        id: 'transferBalance',
        src: 'transferBalance',
        input: ({ context }) => request(context.fields),
        onDone: [
          {
            guard: { type: 'wasMade', params: ({ event }) => ({ success: event.output.success }) },
            target: 'done',
            actions: 'assignTransferred',
          },
          {
            target: 'editing.refused',
            actions: { type: 'assignRefusal', params: ({ event }) => ({ errors: event.output.errors }) },
          },
        ],
        // Nothing entered is lost: the fee stays known and the payer may send it again.
        onError: {
          target: 'editing.priced',
          actions: { type: 'assignCallFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    done: {
      initial: 'reloading',
      states: {
        reloading: {
          tags: ['busy', 'updating'],
          invoke: {
            id: 'reloadTransferAccounts',
            src: 'loadTransferAccounts',
            onDone: [
              {
                guard: { type: 'lacksAccounts', params: ({ event }) => ({ accounts: event.output }) },
                target: '#transferFunds.notEnough',
                actions: { type: 'assignAccounts', params: ({ event }) => ({ accounts: event.output }) },
              },
              {
                target: 'shown',
                actions: { type: 'assignAccounts', params: ({ event }) => ({ accounts: event.output }) },
              },
            ],
            onError: {
              target: '#transferFunds.failed',
              actions: { type: 'assignLoadFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        /** The status message with both new balances, over the emptied form. */
        shown: {
          tags: ['transferred'],
          on: {
            'transfer.from': {
              target: '#transferFunds.editing',
              actions: ['clearTransferred', { type: 'assignField', params: ({ event }) => ({ from: event.ani }) }],
            },
            'transfer.to': {
              target: '#transferFunds.editing',
              actions: ['clearTransferred', { type: 'assignField', params: ({ event }) => ({ to: event.ani }) }],
            },
            'transfer.amount': {
              target: '#transferFunds.editing',
              actions: ['clearTransferred', { type: 'assignField', params: ({ event }) => ({ amount: event.text }) }],
            },
          },
        },
      },
    },
  },
});

export type TransferFundsSnapshot = SnapshotFrom<typeof transferFundsMachine>;
