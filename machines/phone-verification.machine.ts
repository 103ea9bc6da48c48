// Phone verification (§2 "verify phone (text or call, then code)", §4, §5, §8): the modal's machine, a
// child started when the modal opens and stopped when it closes, so every opening starts afresh (§4
// "state resets when the modal opens or closes"). The payer chooses a text or a call (unverified); a
// send that succeeds goes to attempted (a call also needs a validate_code other than -1), otherwise
// to error (VERIFY_TOO_MANY unless the server names another reason); the code typed in attempted is
// checked, and the right one ends in verified, which tells the parent. International numbers cannot
// be verified (§5). The code is typed in the modal's form (its field layer, docs/decisions/0041, with
// the contract's schema): the submit brings it, well formed.
import { type SnapshotFrom, assign, sendParent } from 'xstate';
import { setup } from './lazy-setup.ts';
import {
  INTERNATIONAL_NUMBERS_CANNOT_VERIFIED,
  NO_CALL_PLACED,
  VERIFY_TOO_MANY,
  normaliseCode,
  phoneVerifyErrorKey,
} from '../contract/phone-verification-base.ts';
import type { CheckCodeResponse, SendCodeResponse, VerifyChannel } from '../contract/phone-verification.ts';
import { toCallFailure } from './actors.types.ts';
import { calls } from './calls.ts';

/** The phone account to verify. */
export interface PhoneVerificationInput {
  ani: string;
  /** deposit_phone_country: only US numbers can be verified (§5). */
  country: string;
  label: string;
}

export interface PhoneVerificationContext extends PhoneVerificationInput {
  /** How the last code was asked for. */
  channel: VerifyChannel | null;
  /**
   * The code sent to be checked (the check's input), kept after a wrong one so the form shows what was
   * typed; emptied when another code is asked for.
   */
  sent: VerifyCodeValues | null;
  /** i18n key of the server's answer on the code sent (wrong, expired, refused), or null. */
  codeError: string | null;
  /** i18n key of the failure shown: the reason in error, or a failed check in attempted. */
  failure: string | null;
}

/** The modal's form: the code as typed (spaces and dashes allowed). */
export interface VerifyCodeValues {
  code: string;
}

export type PhoneVerificationEvent =
  | { type: 'phone.send'; channel: VerifyChannel }
  | { type: 'phone.code.submit'; values: VerifyCodeValues }
  | { type: 'phone.resend' }
  | { type: 'phone.retry' };

/** What the machine tells its parent when the account is verified. */
export interface PhoneVerifiedEvent {
  type: 'phone.verified';
  ani: string;
}

/** A call that went through but placed no call (validate_code -1). */
export const CALL_FAILED = 'PHONE_VERIFY.CALL_FAILED';
export const VERIFY_CODE_WRONG = phoneVerifyErrorKey('VERIFY_CODE_WRONG');

/** §4: a text or call attempt succeeded; a call also needs a validate_code other than -1. */
export function isCodeSent(answer: SendCodeResponse, channel: VerifyChannel | null): boolean {
  return answer.success && (channel !== 'call' || answer.validate_code !== NO_CALL_PLACED);
}

/** The field error of a 400 about the typed code (contract: errors.code), if that is what failed. */
function codeFieldError(error: unknown): string | undefined {
  return (toCallFailure(error).errors as Record<string, string | undefined>)['code'];
}

/** Why a send did not go out: the server's reason, else VERIFY_TOO_MANY (§4). */
export function sendRefusal(answer: SendCodeResponse): string {
  if (answer.success) return CALL_FAILED;
  return answer.errors.form ?? VERIFY_TOO_MANY;
}

export const phoneVerificationMachine = setup({
  types: {
    input: {} as PhoneVerificationInput,
    context: {} as PhoneVerificationContext,
    events: {} as PhoneVerificationEvent,
  },
  actors: {
    ...calls('sendVerificationCode', 'confirmPhoneCode'),
  },
  guards: {
    // §5: international numbers cannot be verified.
    isInternational: ({ context }) => context.country !== 'US',
    isInternationalFailure: (_, params: { error: unknown }) =>
      toCallFailure(params.error).code === INTERNATIONAL_NUMBERS_CANNOT_VERIFIED,
    isCodeSent: ({ context }, params: { answer: SendCodeResponse }) => isCodeSent(params.answer, context.channel),
    isConfirmed: (_, params: { answer: CheckCodeResponse }) => params.answer.success,
    /** A refusal of the whole attempt (VERIFY_TOO_MANY...), not of the code typed. */
    isRefused: (_, params: { answer: CheckCodeResponse }) => typeof params.answer.errors.form === 'string',
    /** A 400 about the typed code. */
    isCodeRejected: (_, params: { error: unknown }) => codeFieldError(params.error) !== undefined,
  },
  actions: {
    assignChannel: assign((_, params: { channel: VerifyChannel }) => ({ channel: params.channel, failure: null })),
    startCodeEntry: assign({ sent: null, codeError: null, failure: null }),
    assignSent: assign((_, params: { values: VerifyCodeValues }) => ({ sent: params.values })),
    assignCodeError: assign((_, params: { key: string }) => ({ codeError: params.key, failure: null })),
    assignFailure: assign((_, params: { key: string }) => ({ failure: params.key })),
    clearFailure: assign({ failure: null, codeError: null }),
    forgetCode: assign({ sent: null, failure: null, codeError: null }),
    tellParentVerified: sendParent(({ context }) => {
      const event: PhoneVerifiedEvent = { type: 'phone.verified', ani: context.ani };
      return event;
    }),
  },
}).createMachine({
  id: 'phoneVerification',
  context: ({ input }) => ({
    ani: input.ani,
    country: input.country,
    label: input.label,
    channel: null,
    sent: null,
    codeError: null,
    failure: null,
  }),
  initial: 'unverified',
  states: {
    unverified: {
      tags: ['editing', 'channel'],
      // §5: an international number goes straight to the state that says so.
      always: { guard: 'isInternational', target: 'international' },
      on: {
        'phone.send': {
          target: 'sending',
          actions: { type: 'assignChannel', params: ({ event }) => ({ channel: event.channel }) },
        },
      },
    },
    sending: {
      tags: ['busy', 'channel'],
      invoke: {
        id: 'sendVerificationCode',
        src: 'sendVerificationCode',
        input: ({ context }) => ({ ani: context.ani, channel: context.channel ?? 'sms' }),
        onDone: [
          {
            guard: { type: 'isCodeSent', params: ({ event }) => ({ answer: event.output }) },
            target: 'attempted',
            actions: 'startCodeEntry',
          },
          {
            target: 'error',
            actions: { type: 'assignFailure', params: ({ event }) => ({ key: sendRefusal(event.output) }) },
          },
        ],
        onError: [
          {
            guard: { type: 'isInternationalFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'international',
          },
          {
            target: 'error',
            actions: { type: 'assignFailure', params: ({ event }) => ({ key: toCallFailure(event.error).code }) },
          },
        ],
      },
    },
    attempted: {
      tags: ['editing', 'code'],
      on: {
        'phone.code.submit': {
          target: 'checking',
          actions: { type: 'assignSent', params: ({ event }) => ({ values: event.values }) },
        },
        // Another code, by text or call: the one typed so far no longer counts.
        'phone.resend': { target: 'unverified', actions: 'forgetCode' },
      },
    },
    checking: {
      tags: ['busy', 'code'],
      entry: 'clearFailure',
      invoke: {
        id: 'confirmPhoneCode',
        src: 'confirmPhoneCode',
        input: ({ context }) => ({ ani: context.ani, code: normaliseCode(context.sent?.code ?? '') }),
        onDone: [
          {
            guard: { type: 'isConfirmed', params: ({ event }) => ({ answer: event.output }) },
            target: 'verified',
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ answer: event.output }) },
            target: 'error',
            actions: {
              type: 'assignFailure',
              params: ({ event }) => ({ key: event.output.errors.form ?? VERIFY_TOO_MANY }),
            },
          },
          {
            target: 'attempted',
            actions: {
              type: 'assignCodeError',
              params: ({ event }) => ({ key: event.output.errors.code ?? VERIFY_CODE_WRONG }),
            },
          },
        ],
        onError: [
          {
            guard: { type: 'isInternationalFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'international',
          },
          {
            guard: { type: 'isCodeRejected', params: ({ event }) => ({ error: event.error }) },
            target: 'attempted',
            actions: {
              type: 'assignCodeError',
              params: ({ event }) => ({ key: codeFieldError(event.error) ?? VERIFY_CODE_WRONG }),
            },
          },
          // A failed call keeps the code typed, to send it again.
          {
            target: 'attempted',
            actions: { type: 'assignFailure', params: ({ event }) => ({ key: toCallFailure(event.error).code }) },
          },
        ],
      },
    },
    verified: { type: 'final', entry: 'tellParentVerified' },
    error: {
      tags: ['error'],
      on: { 'phone.retry': { target: 'unverified', actions: 'clearFailure' } },
    },
    // §5: nothing to do but close the modal.
    international: {
      tags: ['error', 'international'],
    },
  },
});

export type PhoneVerificationSnapshot = SnapshotFrom<typeof phoneVerificationMachine>;
