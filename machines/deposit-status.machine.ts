// The deposit status tracker on the receipt (docs/decisions/0048, 0049): asks the server where the deposit
// is (submitted, posted, refused, refunded, cancelled) and asks again when the server says a new step may
// have come, until the status no longer changes. The payer can ask again at once; a failed call says so
// and keeps the last status known (the deposit itself is not affected).
//
// A deposit that has not been sent to the facility yet (`cancellable`) can be cancelled, after the payer
// confirms it: the hold on the card is released and nothing is taken. The server's answer is the truth:
// cancelled, or refused because the deposit has moved on (posted, sent, ended), with the status either
// way. A call that fails (no answer, too many attempts) changes nothing and can be tried again.
import { type SnapshotFrom, assign } from 'xstate';
import { setup } from './lazy-setup.ts';
import { type DepositStatusInfo, isFinalStatus } from '../contract/deposit-status-base.ts';
import type { DepositCancelResponse } from '../contract/deposit-status.ts';
import { toCallFailure } from './actors.types.ts';
import { calls } from './calls.ts';

export interface DepositStatusInput {
  depositId: string;
}

export interface DepositStatusContext {
  depositId: string;
  /** The last status the server answered; null before the first answer. */
  info: DepositStatusInfo | null;
  /** The last status call failed: its message key. */
  failure: string | null;
  /** What the last cancel came to, once answered: DEPOSIT_STATUS.CANCEL_DONE or CANCEL_<refusal>. */
  cancelOutcome: string | null;
  /** Why the last cancel call failed (shown in the dialog, which offers to try again). */
  cancelFailure: string | null;
}

export type DepositStatusEvent =
  | { type: 'status.check' }
  /** The payer asks to cancel: the confirmation dialog opens. */
  | { type: 'status.cancel' }
  /** The dialog's "Yes, cancel it" (or "Try again" after a failed call). */
  | { type: 'status.cancelConfirm' }
  /** The dialog closed without cancelling. */
  | { type: 'status.cancelKeep' };

/** A failed call is tried again after this long, unless the payer asks first. */
export const STATUS_RETRY_MS = 30_000;
/** The longest wait between two questions, whatever the server says. */
const MAX_CHECK_AGAIN_MS = 60_000;

export const CANCEL_DONE = 'DEPOSIT_STATUS.CANCEL_DONE';

/**
 * Whether the answer means the deposit is cancelled. A refusal that finds it cancelled already is the
 * payer's own earlier request, whose answer was lost (a retry after a network failure).
 */
export function wasCancelled(answer: DepositCancelResponse): boolean {
  return answer.cancelled || answer.status.status === 'cancelled';
}

/** What a cancel's answer comes to: done, or why not (DEPOSIT_STATUS.CANCEL_<refusal>). */
export function cancelOutcomeOf(answer: DepositCancelResponse): string {
  if (wasCancelled(answer)) return CANCEL_DONE;
  return answer.refusal ? `DEPOSIT_STATUS.CANCEL_${answer.refusal}` : 'DEPOSIT_STATUS.CANCEL_FAILED';
}

/**
 * Why a cancel call failed, as the payer reads it: no answer (it may or may not have been done: trying
 * again tells), too many attempts (docs/decisions/0039: not done), or anything else (not done).
 */
export function cancelFailureOf(error: unknown): string {
  const f = toCallFailure(error);
  // No answer (ERROR.NETWORK, ERROR.TIMEOUT): the request may have reached the server.
  if (f.status === 0 && f.code !== 'ERROR.UNEXPECTED') return 'DEPOSIT_STATUS.CANCEL_NETWORK';
  if (f.status === 429) return 'DEPOSIT_STATUS.CANCEL_TOO_MANY';
  return 'DEPOSIT_STATUS.CANCEL_FAILED';
}

export const depositStatusMachine = setup({
  types: {
    input: {} as DepositStatusInput,
    context: {} as DepositStatusContext,
    events: {} as DepositStatusEvent,
  },
  actors: calls('loadDepositStatus', 'cancelDeposit'),
  delays: {
    /** When the server said a new step may have come (check_again_seconds), at most a minute. */
    statusCheckAgain: ({ context }) =>
      Math.min(MAX_CHECK_AGAIN_MS, Math.max(1000, (context.info?.check_again_seconds ?? 60) * 1000)),
    statusRetry: STATUS_RETRY_MS,
  },
  guards: {
    isSettled: ({ context }) => context.info !== null && isFinalStatus(context.info),
    /** The server's word: submitted and not yet sent to the facility (contract `cancellable`). */
    isCancellable: ({ context }) => context.info?.cancellable === true,
  },
  actions: {
    assignStatus: assign((_, params: { info: DepositStatusInfo }) => ({ info: params.info, failure: null })),
    assignFailure: assign((_, params: { error: unknown }) => {
      const f = toCallFailure(params.error);
      // Not found (another session's deposit, or a session that ended): the same words as any failure.
      return {
        failure: f.status === 404 ? 'DEPOSIT_STATUS.FAILED' : f.status === 0 ? 'DEPOSIT_STATUS.FAILED' : f.code,
      };
    }),
    startCancel: assign({ cancelOutcome: null, cancelFailure: null }),
    /** The status the cancel answered with, and what the cancel came to. */
    assignCancelAnswer: assign((_, params: { answer: DepositCancelResponse }) => ({
      info: params.answer.status,
      failure: null,
      cancelOutcome: cancelOutcomeOf(params.answer),
      cancelFailure: null,
    })),
    assignCancelFailure: assign((_, params: { error: unknown }) => ({ cancelFailure: cancelFailureOf(params.error) })),
    dropCancelFailure: assign({ cancelFailure: null }),
  },
}).createMachine({
  id: 'depositStatus',
  context: ({ input }) => ({
    depositId: input.depositId,
    info: null,
    failure: null,
    cancelOutcome: null,
    cancelFailure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadDepositStatus',
        src: 'loadDepositStatus',
        input: ({ context }) => ({ depositId: context.depositId }),
        onDone: { target: 'known', actions: { type: 'assignStatus', params: ({ event }) => ({ info: event.output }) } },
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
      // A question under way (every minute) does not hide the cancel button the payer may be about to press.
      on: { 'status.cancel': { guard: 'isCancellable', target: 'confirming', actions: 'startCancel' } },
    },
    /** Which of the two: a status that still changes, or one that no longer does. */
    known: {
      always: [{ guard: 'isSettled', target: 'settled' }, { target: 'waiting' }],
    },
    /** Submitted, or refused and to be refunded: the next step is to come; asked again when it may have. */
    waiting: {
      after: { statusCheckAgain: 'loading' },
      on: {
        'status.check': 'loading',
        'status.cancel': { guard: 'isCancellable', target: 'confirming', actions: 'startCancel' },
      },
    },
    failed: {
      tags: ['error'],
      after: { statusRetry: 'loading' },
      on: {
        'status.check': 'loading',
        'status.cancel': { guard: 'isCancellable', target: 'confirming', actions: 'startCancel' },
      },
    },
    /** Posted, refunded, cancelled, or refused with nothing taken: nothing more to ask. */
    settled: { tags: ['settled'] },
    /** The confirmation dialog: cancelling cannot be undone. No question is asked while it is open. */
    confirming: {
      tags: ['dialog'],
      on: {
        'status.cancelConfirm': 'cancelling',
        // Time has passed: where the deposit is now.
        'status.cancelKeep': 'loading',
      },
    },
    cancelling: {
      tags: ['dialog', 'busy'],
      invoke: {
        id: 'cancelDeposit',
        src: 'cancelDeposit',
        input: ({ context }) => ({ depositId: context.depositId }),
        onDone: {
          target: 'known',
          actions: { type: 'assignCancelAnswer', params: ({ event }) => ({ answer: event.output }) },
        },
        onError: {
          target: 'cancelFailed',
          actions: { type: 'assignCancelFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The call failed: the dialog says why and offers to try again; nothing the payer did is lost. */
    cancelFailed: {
      tags: ['dialog', 'error'],
      on: {
        'status.cancelConfirm': 'cancelling',
        'status.cancelKeep': { target: 'loading', actions: 'dropCancelFailure' },
      },
    },
  },
});

export type DepositStatusSnapshot = SnapshotFrom<typeof depositStatusMachine>;
