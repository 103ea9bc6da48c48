// identity.verify (§2: login required, no back button, 15%): the agreement modal (both checkboxes), the
// complete-your-profile form (date of birth, last four of the social security number), /pay/verify
// (§4: success moves on; rejected and retryable shows the failure for a retry; rejected and not
// retryable moves on with verificationRejected), then the pending US phone accounts to verify with the
// phone verification modal. Skipped when the status is validated or pending and no pending US phone
// accounts remain.
//
// The two forms' values are their field layer's (src/components/use-machine-form.ts, decision 0041): the
// screen checks them with the contract's schemas and sends them, valid, with identity.accept and
// identity.submit. The machine keeps the request (`sent`) and owns the call and its outcomes.
import { type SnapshotFrom, assign, enqueueActions, not } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { DestinationAccount, ValidateStatus } from '../contract/accounts.ts';
import type { VerifyAgreement, VerifyProfile, VerifyRequest } from '../contract/identity.ts';
import { type ActorIO, toCallFailure } from './actors.types.ts';
import { phoneVerificationMachine, type PhoneVerifiedEvent } from './phone-verification.machine.ts';
import type { PageInput, PageToAppEvent } from './pages.ts';
import { calls } from './calls.ts';
import { SYSTEM, tell } from './system.ts';

type IO = ActorIO;

export interface IdentityVerifyContext {
  status: ValidateStatus | null;
  /** The payer's pending US phone accounts (§4: those still to verify). */
  accounts: DestinationAccount[];
  /**
   * The verify request: the agreement once accepted, then the profile form's values. The number is
   * kept no longer than the call: it is emptied when the call ends.
   */
  sent: VerifyRequest;
  failure: string | null;
  /** The account the phone verification modal is about. */
  chosen: DestinationAccount | null;
}

export type IdentityVerifyEvent =
  /** Both checkboxes checked (the form checks them with agreementSchema). */
  | { type: 'identity.accept'; values: VerifyAgreement }
  /** The profile form's values, valid by verifyProfileSchema. */
  | { type: 'identity.submit'; values: VerifyProfile }
  | { type: 'identity.retry' }
  | { type: 'identity.verifyPhone'; id: number }
  | { type: 'identity.closePhone' }
  | { type: 'identity.continue' }
  | PhoneVerifiedEvent;

export const EMPTY_VERIFY: VerifyRequest = {
  agree_1: false,
  agree_2: false,
  dob_month: '',
  dob_day: '',
  dob_year: '',
  ssn: '',
};

/** §4: the US phone accounts still pending. */
export function pendingUsAccounts(list: readonly DestinationAccount[]): DestinationAccount[] {
  return list.filter((a) => a.validate_status === 'pending' && a.deposit_phone_country === 'US');
}

export const identityVerifyMachine = setup({
  types: {
    input: {} as PageInput,
    context: {} as IdentityVerifyContext,
    events: {} as IdentityVerifyEvent,
  },
  actors: {
    ...calls('loadIdentity', 'verifyIdentity'),
    phoneVerificationMachine,
  },
  guards: {
    // §4: skipped when validated or pending and no pending US phone accounts remain.
    canSkip: (_, params: { answer: IO['loadIdentity']['output'] }) =>
      (params.answer.status === 'validated' || params.answer.status === 'pending') &&
      pendingUsAccounts(params.answer.accounts).length === 0,
    isValidated: ({ context }) => context.status === 'validated',
    isSuccess: (_, params: { answer: IO['verifyIdentity']['output'] }) =>
      params.answer.success && params.answer.validate_status !== 'rejected',
    isRetryable: (_, params: { answer: IO['verifyIdentity']['output'] }) => params.answer.retryable,
    hasAccountsToVerify: ({ context }) => context.accounts.length > 0,
    isListed: ({ context }, params: { id: number }) => context.accounts.some((a) => a.id === params.id),
  },
  actions: {
    assignLoaded: assign((_, params: { answer: IO['loadIdentity']['output'] }) => ({
      status: params.answer.status,
      accounts: pendingUsAccounts(params.answer.accounts),
      failure: null,
    })),
    assignFailure: assign((_, params: { error: unknown }) => ({ failure: toCallFailure(params.error).code })),
    assignAgreement: assign(({ context }, params: { values: VerifyAgreement }) => ({
      sent: { ...context.sent, agree_1: params.values.agree_1, agree_2: params.values.agree_2 },
    })),
    startCall: assign(({ context }, params: { values: VerifyProfile }) => ({
      sent: { ...context.sent, ...params.values },
      failure: null,
    })),
    // The number is kept in memory no longer than the call (the form keeps what the payer typed).
    forgetNumber: assign(({ context }) => ({ sent: { ...context.sent, ssn: '' } })),
    assignValidated: assign({ status: 'validated' as ValidateStatus }),
    // The number is asked for again (the screen empties its field).
    assignRejected: assign({ failure: 'IDENTITY.REJECTED' }),
    choose: assign(({ context }, params: { id: number }) => ({
      chosen: context.accounts.find((a) => a.id === params.id) ?? null,
    })),
    markVerified: assign(({ context }) => ({
      accounts: context.accounts.filter((a) => a.id !== context.chosen?.id),
      chosen: null,
    })),
    dropChosen: assign({ chosen: null }),
    /** §4: on to deposit_or_schedule_visit; with verificationRejected after a final rejection. */
    tellAppDone: enqueueActions(({ enqueue, system }, params: { rejected: boolean }) => {
      const event: PageToAppEvent = {
        type: 'app.go',
        path: params.rejected ? '/deposit_or_schedule_visit?verificationRejected=1' : '/deposit_or_schedule_visit',
      };
      tell(enqueue, system, SYSTEM.app, event);
    }),
  },
}).createMachine({
  id: 'identityVerify',
  context: {
    status: null,
    accounts: [],
    sent: EMPTY_VERIFY,
    failure: null,
    chosen: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadIdentity',
        src: 'loadIdentity',
        onDone: [
          {
            guard: { type: 'canSkip', params: ({ event }) => ({ answer: event.output }) },
            target: 'done',
            actions: { type: 'assignLoaded', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            target: 'agreement',
            actions: { type: 'assignLoaded', params: ({ event }) => ({ answer: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'identity.retry': 'loading' },
    },
    /** The agreement modal: both checkboxes. A validated payer goes straight to the accounts. */
    agreement: {
      tags: ['dialog', 'agreement'],
      always: { guard: 'isValidated', target: 'accounts' },
      on: {
        'identity.accept': {
          target: 'profile',
          actions: { type: 'assignAgreement', params: ({ event }) => ({ values: event.values }) },
        },
      },
    },
    profile: {
      tags: ['editing', 'profile'],
      on: {
        'identity.submit': {
          target: 'submitting',
          actions: { type: 'startCall', params: ({ event }) => ({ values: event.values }) },
        },
      },
    },
    submitting: {
      tags: ['busy', 'profile'],
      invoke: {
        id: 'verifyIdentity',
        src: 'verifyIdentity',
        input: ({ context }) => ({ ...context.sent }),
        onDone: [
          {
            guard: { type: 'isSuccess', params: ({ event }) => ({ answer: event.output }) },
            target: 'accounts',
            actions: ['forgetNumber', 'assignValidated'],
          },
          {
            guard: { type: 'isRetryable', params: ({ event }) => ({ answer: event.output }) },
            target: 'profile',
            actions: ['forgetNumber', 'assignRejected'],
          },
          { target: 'rejected', actions: 'forgetNumber' },
        ],
        onError: {
          target: 'profile',
          actions: ['forgetNumber', { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    /** Rejected and not retryable: on with verificationRejected. */
    rejected: {
      type: 'final',
      entry: { type: 'tellAppDone', params: { rejected: true } },
    },
    /** The pending US phone accounts, each verified by text or call. */
    accounts: {
      tags: ['editing', 'accounts'],
      always: { guard: not('hasAccountsToVerify'), target: 'done' },
      on: {
        'identity.verifyPhone': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'verifyingPhone',
          actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
        },
        'identity.continue': 'done',
      },
    },
    verifyingPhone: {
      tags: ['dialog', 'accounts'],
      invoke: {
        id: 'phoneVerification',
        src: 'phoneVerificationMachine',
        input: ({ context }) => ({
          ani: context.chosen?.deposit_phone_no ?? '',
          country: context.chosen?.deposit_phone_country ?? 'US',
          label: context.chosen?.deposit_phone_no_label ?? '',
        }),
      },
      on: {
        'phone.verified': { target: 'accounts', actions: 'markVerified' },
        'identity.closePhone': { target: 'accounts', actions: 'dropChosen' },
      },
    },
    done: {
      type: 'final',
      entry: { type: 'tellAppDone', params: { rejected: false } },
    },
  },
});

export type IdentityVerifySnapshot = SnapshotFrom<typeof identityVerifyMachine>;
