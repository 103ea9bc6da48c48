// /account/deposit_history (§2, §3 deposit history item, §9 20 per page): the payer's deposits, newest
// first, a page at a time. Next and Previous wrap from the last page to the first and back (§2). A
// deposit can be repeated unless its facility is closed or, for types other than dest, the person's
// inmate_status is not 0 (§2). Repeating starts a new deposit in the wizard with the row's facility,
// type, recipient and amount, then hands over to the checkout step (§4 checkout guards).
//
// A deposit not yet sent to the facility (its status `cancellable`, docs/decisions/0049) can be cancelled
// from its row, after a confirmation: the row then shows the status the server answered with; a refusal
// (posted, sent or ended meanwhile) says why; a failed call keeps the dialog open to try again.
import { type SnapshotFrom, assign, sendParent } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { DepositHistoryItem, DepositHistoryResponse } from '../contract/accounts.ts';
import type { StateSaveResponse } from '../contract/api.ts';
import { CHECKOUT_PRESETS, OTHER_PRESET_ID } from '../contract/constants.ts';
import type { DepositCancelResponse } from '../contract/deposit-status.ts';
import type { FormFields } from '../contract/entities.ts';
import { toCallFailure } from './actors.types.ts';
import { cancelFailureOf, cancelOutcomeOf, wasCancelled } from './deposit-status.machine.ts';
import type { PageInput, PageToAppEvent } from './pages.ts';
import { calls } from './calls.ts';
import { startDepositMachine } from './start-deposit.machine.ts';

/** Where a repeated deposit goes: the wizard's checkout step (§2 deposit.checkout). */
export const CHECKOUT_PATH = '/checkout';

export const PAGE_FAILED = 'HISTORY.PAGE_FAILED';
export const REPEAT_FAILED = 'HISTORY.REPEAT_FAILED';
export const REPEAT_UNAVAILABLE = 'HISTORY.REPEAT_UNAVAILABLE';
const FRAUD_CONTROL_MESSAGE = 'ERROR.FRAUD_CONTROL_MESSAGE';

/**
 * Why a deposit cannot be repeated, or null when it can. §2: the facility is closed, or (not for
 * dest, which goes to a phone account) the person's inmate_status is not 0. Beyond §2:
 * - a facility that no longer takes the deposit's type (§3 facility_flex_disabled,
 *   facility_fnf_prepaid_disabled) would refuse the repeat at the type check, so the row says so
 *   up front;
 * - a dest row without its phone number (an older record) cannot be carried to the checkout.
 */
export type RepeatBlock = 'FACILITY_CLOSED' | 'INMATE_STATUS' | 'TYPE_UNAVAILABLE' | 'PHONE_ACCOUNT';

export function repeatBlock(d: DepositHistoryItem): RepeatBlock | null {
  if (d.facility_closed) return 'FACILITY_CLOSED';
  if (d.deposit_type !== 'dest' && d.inmate_status !== 0) return 'INMATE_STATUS';
  if (d.deposit_type === 'flex' && d.facility_flex_disabled) return 'TYPE_UNAVAILABLE';
  if (d.deposit_type === 'dest' && d.facility_fnf_prepaid_disabled) return 'TYPE_UNAVAILABLE';
  if (d.deposit_type === 'dest' && !d.deposit_phone_no) return 'PHONE_ACCOUNT';
  return null;
}

/** §2 paging wraps: after the last page comes the first, before the first the last. */
export function nextPage(page: number, pages: number): number {
  return page >= pages ? 1 : page + 1;
}
export function previousPage(page: number, pages: number): number {
  return page <= 1 ? pages : page - 1;
}

/**
 * The form state of a repeat: the row's facility, type, recipient and amount (a checkout preset when
 * the amount is one, else 'other' with the amount, §2 checkout presets). The server fills the
 * facility's country and state and the recipient's details from these ids; the checkout guard (§4)
 * needs the facility and the recipient.
 */
export function repeatFields(d: DepositHistoryItem): Partial<FormFields> {
  const preset = (CHECKOUT_PRESETS as readonly number[]).includes(d.amount);
  // A dest deposit goes to its phone number (the server keeps non-US numbers with 011, §9).
  const phone =
    d.deposit_type === 'dest' && d.deposit_phone_no
      ? {
          deposit_phone_no: d.deposit_phone_no,
          deposit_phone_country: d.deposit_phone_no.startsWith('011') ? 'CA' : 'US',
        }
      : { deposit_inmate_id: d.deposit_inmate_id };
  return {
    facility_id: d.facility_id,
    deposit_type: d.deposit_type,
    ...phone,
    deposit_amount: d.amount,
    deposit_amount_id: preset ? String(d.amount) : OTHER_PRESET_ID,
  };
}

/** The fields whose error means the repeat cannot go on (an amount problem is fixed at checkout). */
const REPEAT_KEYS = [
  'facility_id',
  'deposit_type',
  'deposit_inmate_id',
  'deposit_phone_no',
  'deposit_phone_country',
] as const;

/** i18n key of why the server refused the repeat's fields, or null when the checkout can take them. */
export function refusalOf(answer: StateSaveResponse): string | null {
  const found = REPEAT_KEYS.map((k) => answer.errors[k]).filter((v): v is string => Boolean(v));
  if (found.length === 0) return null;
  // §5/§8: a fraud-flagged recipient stops the deposit with its own message.
  return found.includes(FRAUD_CONTROL_MESSAGE) ? FRAUD_CONTROL_MESSAGE : REPEAT_UNAVAILABLE;
}

export interface DepositHistoryContext {
  deposits: DepositHistoryItem[];
  /** 1-based page shown, and how many there are (0 without deposits). */
  page: number;
  pages: number;
  total: number;
  /** The page being loaded (the first, or the one Next or Previous asked for). */
  requested: number;
  /** The deposit being repeated. */
  chosen: DepositHistoryItem | null;
  /** i18n key of a failure: the whole list, a page turn, a repeat, or why a cancel was refused. */
  failure: string | null;
  /** The deposit the cancel dialog asks about, as the row showed it. */
  cancelling: DepositHistoryItem | null;
  /** Why the last cancel call failed (the dialog says so and offers to try again). */
  cancelFailure: string | null;
  /** The deposit just cancelled (a status message says so). */
  cancelled: DepositHistoryItem | null;
}

export type DepositHistoryEvent =
  | { type: 'history.next' }
  | { type: 'history.previous' }
  | { type: 'history.repeat'; id: string }
  | { type: 'history.retry' }
  /** A row's Cancel: the confirmation dialog opens for that deposit. */
  | { type: 'history.cancel'; id: string }
  /** The dialog's "Yes, cancel it" (or "Try again" after a failed call). */
  | { type: 'history.cancelConfirm' }
  /** The dialog closed without cancelling. */
  | { type: 'history.cancelKeep' };

export const depositHistoryMachine = setup({
  types: {
    input: {} as PageInput,
    context: {} as DepositHistoryContext,
    events: {} as DepositHistoryEvent,
  },
  actors: {
    ...calls('loadDepositHistory', 'cancelDeposit'),
    startDepositMachine,
  },
  guards: {
    hasOtherPages: ({ context }) => context.pages > 1,
    isRepeatable: ({ context }, params: { id: string }) => {
      const d = context.deposits.find((x) => x.id === params.id);
      return d !== undefined && repeatBlock(d) === null;
    },
    isRefused: (_, params: { answer: StateSaveResponse | null }) =>
      params.answer !== null && refusalOf(params.answer) !== null,
    /** The server's word on the row: submitted and not yet sent to the facility. */
    isCancellable: ({ context }, params: { id: string }) =>
      context.deposits.some((d) => d.id === params.id && d.status.cancellable),
    wasCancelled: (_, params: { answer: DepositCancelResponse }) => wasCancelled(params.answer),
  },
  actions: {
    assignPage: assign((_, params: { answer: DepositHistoryResponse }) => ({
      deposits: params.answer.deposits,
      page: params.answer.page,
      pages: params.answer.pages,
      total: params.answer.total,
      requested: params.answer.page,
      failure: null,
    })),
    assignLoadFailure: assign((_, params: { error: unknown }) => ({ failure: toCallFailure(params.error).code })),
    requestNext: assign(({ context }) => ({
      requested: nextPage(context.page, context.pages),
      failure: null,
      cancelled: null,
    })),
    requestPrevious: assign(({ context }) => ({
      requested: previousPage(context.page, context.pages),
      failure: null,
      cancelled: null,
    })),
    /** A page that did not load leaves the shown one as it was. */
    flagPageFailure: assign(({ context }) => ({ requested: context.page, failure: PAGE_FAILED })),
    choose: assign(({ context }, params: { id: string }) => ({
      chosen: context.deposits.find((d) => d.id === params.id) ?? null,
      failure: null,
      cancelled: null,
    })),
    chooseCancel: assign(({ context }, params: { id: string }) => ({
      cancelling: context.deposits.find((d) => d.id === params.id) ?? null,
      cancelFailure: null,
      cancelled: null,
      failure: null,
    })),
    keepDeposit: assign({ cancelling: null, cancelFailure: null }),
    /**
     * The row shows the status the server answered with. Cancelled: a status message names the deposit;
     * refused: why (DEPOSIT_STATUS.CANCEL_<refusal>), as the page's failure notice.
     */
    assignCancelAnswer: assign(({ context }, params: { answer: DepositCancelResponse }) => {
      const target = context.cancelling;
      const update = (d: DepositHistoryItem) => (d.id === target?.id ? { ...d, status: params.answer.status } : d);
      const done = wasCancelled(params.answer);
      return {
        deposits: context.deposits.map(update),
        cancelled: done && target ? update(target) : null,
        failure: done ? null : cancelOutcomeOf(params.answer),
        cancelling: null,
        cancelFailure: null,
      };
    }),
    assignCancelFailure: assign((_, params: { error: unknown }) => ({ cancelFailure: cancelFailureOf(params.error) })),
    flagRepeatFailure: assign((_, params: { failure: string }) => ({ chosen: null, failure: params.failure })),
    /** The app reads the form state again and opens the checkout step (decision 0007). */
    tellAppGoToCheckout: sendParent({ type: 'app.go', path: CHECKOUT_PATH } satisfies PageToAppEvent),
  },
}).createMachine({
  id: 'depositHistory',
  context: {
    deposits: [],
    page: 1,
    pages: 0,
    total: 0,
    requested: 1,
    chosen: null,
    failure: null,
    cancelling: null,
    cancelFailure: null,
    cancelled: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadDepositHistory',
        src: 'loadDepositHistory',
        input: ({ context }) => ({ page: context.requested }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignPage', params: ({ event }) => ({ answer: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignLoadFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'history.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          tags: ['editing'],
          on: {
            'history.next': { guard: 'hasOtherPages', target: 'turning', actions: 'requestNext' },
            'history.previous': { guard: 'hasOtherPages', target: 'turning', actions: 'requestPrevious' },
            'history.repeat': {
              guard: { type: 'isRepeatable', params: ({ event }) => ({ id: event.id }) },
              target: 'repeating',
              actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
            },
            'history.cancel': {
              guard: { type: 'isCancellable', params: ({ event }) => ({ id: event.id }) },
              target: 'cancel',
              actions: { type: 'chooseCancel', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        // The cancel dialog of one row (docs/decisions/0049): cancelling cannot be undone, so it asks first.
        cancel: {
          initial: 'confirming',
          states: {
            confirming: {
              tags: ['dialog'],
              on: {
                'history.cancelConfirm': 'cancelling',
                'history.cancelKeep': { target: '#depositHistory.ready.idle', actions: 'keepDeposit' },
              },
            },
            cancelling: {
              tags: ['dialog', 'busy'],
              invoke: {
                id: 'cancelDeposit',
                src: 'cancelDeposit',
                // The id the status names (GET /pay/deposit_status and the cancel share it).
                input: ({ context }) => ({ depositId: context.cancelling?.status.deposit_id ?? '' }),
                onDone: {
                  target: '#depositHistory.ready.idle',
                  actions: { type: 'assignCancelAnswer', params: ({ event }) => ({ answer: event.output }) },
                },
                onError: {
                  target: 'failed',
                  actions: { type: 'assignCancelFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            // The call failed: nothing changed that the page knows of; the payer may try again or close.
            failed: {
              tags: ['dialog', 'error'],
              on: {
                'history.cancelConfirm': 'cancelling',
                'history.cancelKeep': { target: '#depositHistory.ready.idle', actions: 'keepDeposit' },
              },
            },
          },
        },
        // The shown page stays on screen while the other one loads.
        turning: {
          tags: ['busy', 'turning'],
          invoke: {
            id: 'loadOtherPage',
            src: 'loadDepositHistory',
            input: ({ context }) => ({ page: context.requested }),
            onDone: {
              target: 'idle',
              actions: { type: 'assignPage', params: ({ event }) => ({ answer: event.output }) },
            },
            onError: { target: 'idle', actions: 'flagPageFailure' },
          },
        },
        // A repeat is a new deposit (machines/start-deposit.machine.ts): the form state starts empty,
        // then holds the row's choices.
        repeating: {
          tags: ['busy', 'repeating'],
          invoke: {
            id: 'startDeposit',
            src: 'startDepositMachine',
            input: ({ context }) => ({ fields: context.chosen ? repeatFields(context.chosen) : {} }),
            onDone: [
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ answer: event.output.answer }) },
                target: 'idle',
                actions: {
                  type: 'flagRepeatFailure',
                  params: ({ event }) => ({
                    failure: (event.output.answer && refusalOf(event.output.answer)) ?? REPEAT_UNAVAILABLE,
                  }),
                },
              },
              { target: 'leaving' },
            ],
            onError: {
              target: 'idle',
              actions: { type: 'flagRepeatFailure', params: { failure: REPEAT_FAILED } },
            },
          },
        },
        // The app takes over from here: it reads the form state and shows the checkout step.
        leaving: {
          tags: ['busy', 'repeating'],
          entry: 'tellAppGoToCheckout',
        },
      },
    },
  },
});

export type DepositHistorySnapshot = SnapshotFrom<typeof depositHistoryMachine>;
