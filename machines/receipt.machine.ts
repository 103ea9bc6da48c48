// deposit.receipt's modals (§2 receipt content, §4 "after a guest deposit the create-account modal
// appears"): a guest is offered an account first (/pay/register: password at least 6 and confirmed, PIN
// exactly 6 and confirmed, §5), then, for a US billing address, a text receipt (/pay/sms_send, opt-in
// or skip). Either may be skipped; a failure keeps what was typed and says why (§8 "account creation
// and SMS failures are tracked and buttons reset").
//
// The modals' fields are their forms' (docs/decisions/0041, src/screens/receipt-step.tsx): each submit
// brings the values, valid by the contract's schemas; the machine keeps what it sent and owns the calls
// and their outcomes.
import { type SnapshotFrom, assign, enqueueActions, not } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { AccountErrors } from '../contract/accounts.ts';
import type { FormFields } from '../contract/entities.ts';
import { toCallFailure } from './actors.types.ts';
import { depositStatusMachine } from './deposit-status.machine.ts';
import { type PhoneVerifiedEvent, phoneVerificationMachine } from './phone-verification.machine.ts';
import type { WizardEvent } from './wizard.types.ts';
import { calls } from './calls.ts';
import { SYSTEM, tell } from './system.ts';

export interface NewAccountValues {
  password: string;
  password_again: string;
  pin: string;
  pin_again: string;
}
export const EMPTY_ACCOUNT: NewAccountValues = { password: '', password_again: '', pin: '', pin_again: '' };

/** What the text-receipt modal asks: the US number to text, and whether to enrol in text receipts. */
export interface SmsValues {
  phone_no: string;
  enroll: boolean;
}

export interface ReceiptFlowInput {
  fields: FormFields;
}

export interface ReceiptFlowContext {
  fields: FormFields;
  /**
   * The account request sent (in flight, or refused: the form opens with it again). The password and
   * PIN are forgotten once the account exists.
   */
  sentAccount: NewAccountValues | null;
  /** The text-receipt request sent (in flight, refused, or sent: the receipt names the number). */
  sentSms: SmsValues | null;
  /** The server's field errors on the last request. */
  errors: AccountErrors;
  /** i18n key of a refusal that is not a field's, or of a failed call. */
  failure: string | null;
  /** The account was created here: the receipt offers the account pages. */
  accountCreated: boolean;
  /** The text receipt was sent (or had been already). */
  smsSent: boolean;
  /** The dest deposit's phone number was verified here. */
  phoneVerified: boolean;
}

export type ReceiptFlowEvent =
  /** The create-account form's values, valid (§5 registerSchema's password and PIN rules). */
  | { type: 'account.submit'; values: NewAccountValues }
  | { type: 'account.skip' }
  /** The text-receipt form's values, valid (§5 smsSendSchema's US phone rule). */
  | { type: 'sms.submit'; values: SmsValues }
  | { type: 'sms.skip' }
  /** §2 receipt: verify the phone number of a dest deposit (signed in, US number). */
  | { type: 'phone.verify' }
  | { type: 'phone.close' }
  | PhoneVerifiedEvent;

/** What the text-receipt form opens with before anything was sent: the deposit's phone, not enrolled. */
export function smsStart(fields: FormFields): SmsValues {
  return { phone_no: fields.phone_no, enroll: false };
}

/** §2: a dest deposit to a US number by a signed-in payer can verify that number from the receipt. */
export function offersPhoneVerification(context: Pick<ReceiptFlowContext, 'fields' | 'phoneVerified'>): boolean {
  const r = context.fields.cached_deposit_info;
  return (
    context.fields.logged_in &&
    !context.phoneVerified &&
    r?.deposit_type === 'dest' &&
    Boolean(r.deposit_phone_no) &&
    (r.deposit_phone_country ?? 'US') === 'US'
  );
}

/** The receipt's status tracker child (machines/deposit-status.machine.ts). */
export const DEPOSIT_STATUS_ID = 'depositStatus';

export const receiptFlowMachine = setup({
  types: {
    input: {} as ReceiptFlowInput,
    context: {} as ReceiptFlowContext,
    events: {} as ReceiptFlowEvent,
  },
  actors: {
    ...calls('register', 'sendSmsReceipt'),
    phoneVerificationMachine,
    depositStatusMachine,
  },
  guards: {
    /** §4/§6: the create-account modal is for a payer without an account. */
    isGuest: ({ context }) => !context.fields.logged_in,
    /** §2: the text receipt is offered for a US billing address. */
    isUsBilling: ({ context }) => context.fields.cached_deposit_info?.billing_country === 'US',
    /** §2: phone verification for a dest deposit to a US number, by a signed-in payer (it is their account). */
    canVerifyPhone: ({ context }) => offersPhoneVerification(context),
  },
  actions: {
    sendAccount: assign((_, params: { values: NewAccountValues }) => ({
      sentAccount: params.values,
      errors: {},
      failure: null,
    })),
    sendSms: assign((_, params: { values: SmsValues }) => ({ sentSms: params.values, errors: {}, failure: null })),
    /** A modal skipped: the other one opens without the first one's answer. */
    skip: assign({ errors: {}, failure: null }),
    /** A refused call: its field errors, or its message; the typed values stay. */
    assignCallFailure: assign((_, params: { error: unknown }) => {
      const failure = toCallFailure(params.error);
      const fieldErrors = Object.keys(failure.errors).length > 0 && !failure.errors.form;
      return {
        errors: fieldErrors ? failure.errors : {},
        failure: fieldErrors ? null : (failure.errors.form ?? failure.code),
      };
    }),
    // The password and PIN are forgotten once the account exists.
    accountDone: assign(({ context }) => ({
      sentAccount: null,
      accountCreated: true,
      fields: { ...context.fields, logged_in: true },
    })),
    tellWizardSignedIn: enqueueActions(({ enqueue, system }) => {
      tell(enqueue, system, SYSTEM.wizard, { type: 'receipt.accountCreated' } satisfies WizardEvent);
    }),
    smsDone: assign({ smsSent: true }),
    phoneDone: assign({ phoneVerified: true }),
  },
}).createMachine({
  id: 'receiptFlow',
  context: ({ input }) => ({
    fields: input.fields,
    sentAccount: null,
    sentSms: null,
    errors: {},
    failure: null,
    accountCreated: false,
    smsSent: false,
    phoneVerified: false,
  }),
  // Where the deposit is (docs/decisions/0048), beside the modals, for as long as the receipt shows.
  invoke: {
    id: DEPOSIT_STATUS_ID,
    src: 'depositStatusMachine',
    input: ({ context }) => ({ depositId: context.fields.cached_deposit_info?.deposit_id ?? '' }),
  },
  initial: 'offeringAccount',
  states: {
    offeringAccount: {
      tags: ['dialog', 'account'],
      always: { guard: not('isGuest'), target: 'offeringSms' },
      on: {
        'account.submit': {
          target: 'creatingAccount',
          actions: { type: 'sendAccount', params: ({ event }) => ({ values: event.values }) },
        },
        'account.skip': { target: 'offeringSms', actions: 'skip' },
      },
    },
    creatingAccount: {
      tags: ['dialog', 'account', 'busy'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({
          ...(context.sentAccount ?? EMPTY_ACCOUNT),
          email: context.fields.email,
          first_name: context.fields.billing_first_name,
          last_name: context.fields.billing_last_name,
          phone_no: context.fields.phone_no,
        }),
        onDone: { target: 'offeringSms', actions: ['accountDone', 'tellWizardSignedIn'] },
        onError: {
          target: 'offeringAccount',
          actions: { type: 'assignCallFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    offeringSms: {
      tags: ['dialog', 'sms'],
      always: { guard: not('isUsBilling'), target: 'done' },
      on: {
        'sms.submit': {
          target: 'sendingSms',
          actions: { type: 'sendSms', params: ({ event }) => ({ values: event.values }) },
        },
        'sms.skip': { target: 'done', actions: 'skip' },
      },
    },
    sendingSms: {
      tags: ['dialog', 'sms', 'busy'],
      invoke: {
        id: 'sendSmsReceipt',
        src: 'sendSmsReceipt',
        input: ({ context }) => {
          const sent = context.sentSms ?? smsStart(context.fields);
          return {
            phone_no: sent.phone_no,
            receipt: context.fields.cached_deposit_info?.deposit_id ?? '',
            enroll: sent.enroll,
          };
        },
        onDone: { target: 'done', actions: 'smsDone' },
        onError: {
          target: 'offeringSms',
          actions: { type: 'assignCallFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The receipt and its next steps, without a modal. */
    done: {
      tags: ['done'],
      on: { 'phone.verify': { guard: 'canVerifyPhone', target: 'verifyingPhone' } },
    },
    /** The phone verification modal: its own machine, started afresh each time it opens (§4). */
    verifyingPhone: {
      tags: ['dialog', 'phone'],
      invoke: {
        id: 'phoneVerification',
        src: 'phoneVerificationMachine',
        input: ({ context }) => {
          const r = context.fields.cached_deposit_info;
          return {
            ani: r?.deposit_phone_no ?? '',
            country: r?.deposit_phone_country ?? 'US',
            label: r?.deposit_phone_no_label ?? '',
          };
        },
      },
      on: {
        'phone.verified': { target: 'done', actions: 'phoneDone' },
        'phone.close': 'done',
      },
    },
  },
});

export type ReceiptFlowSnapshot = SnapshotFrom<typeof receiptFlowMachine>;
