// The deposit status tracker on the receipt (docs/decisions/0048): asks the server where the deposit is
// (submitted, posted, refused, refunded) and asks again when the server says a new step may have come,
// until the status no longer changes. The payer can ask again at once; a failed call says so and keeps
// the last status known (the deposit itself is not affected).
import { type SnapshotFrom, assign, setup } from 'xstate';
import { type DepositStatusInfo, isFinalStatus } from '../contract/deposit-status.ts';
import { toCallFailure } from './actors.types.ts';
import { calls } from './calls.ts';

export interface DepositStatusInput {
  depositId: string;
}

export interface DepositStatusContext {
  depositId: string;
  /** The last status the server answered; null before the first answer. */
  info: DepositStatusInfo | null;
  /** The last call failed: its message key. */
  failure: string | null;
}

export type DepositStatusEvent = { type: 'status.check' };

/** A failed call is tried again after this long, unless the payer asks first. */
export const STATUS_RETRY_MS = 30_000;
/** The longest wait between two questions, whatever the server says. */
const MAX_CHECK_AGAIN_MS = 60_000;

export const depositStatusMachine = setup({
  types: {
    input: {} as DepositStatusInput,
    context: {} as DepositStatusContext,
    events: {} as DepositStatusEvent,
  },
  actors: calls('loadDepositStatus'),
  delays: {
    /** When the server said a new step may have come (check_again_seconds), at most a minute. */
    statusCheckAgain: ({ context }) =>
      Math.min(MAX_CHECK_AGAIN_MS, Math.max(1000, (context.info?.check_again_seconds ?? 60) * 1000)),
    statusRetry: STATUS_RETRY_MS,
  },
  guards: {
    isSettled: ({ context }) => context.info !== null && isFinalStatus(context.info),
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
  },
}).createMachine({
  id: 'depositStatus',
  context: ({ input }) => ({ depositId: input.depositId, info: null, failure: null }),
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
    },
    /** Which of the two: a status that still changes, or one that no longer does. */
    known: {
      always: [{ guard: 'isSettled', target: 'settled' }, { target: 'waiting' }],
    },
    /** Submitted or refused: the next step is to come; asked again when it may have. */
    waiting: {
      after: { statusCheckAgain: 'loading' },
      on: { 'status.check': 'loading' },
    },
    failed: {
      tags: ['error'],
      after: { statusRetry: 'loading' },
      on: { 'status.check': 'loading' },
    },
    /** Posted, or refunded: nothing more to ask. */
    settled: { tags: ['settled'] },
  },
});

export type DepositStatusSnapshot = SnapshotFrom<typeof depositStatusMachine>;
