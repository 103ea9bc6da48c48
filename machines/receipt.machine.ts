// deposit.receipt's modals (§2 receipt content, §4 "after a guest deposit the create-account modal
// appears"): a guest is offered an account first (/pay/register: password at least 6 and confirmed, PIN
// exactly 6 and confirmed, §5), then, for a US billing address, a text receipt (/pay/sms_send, opt-in
// or skip). Either may be skipped; a failure keeps what was typed and says why (§8 "account creation
// and SMS failures are tracked and buttons reset").
import { type SnapshotFrom, assign, enqueueActions, not, setup } from 'xstate';
import { type AccountErrors, registerSchema } from '../contract/accounts.ts';
import type { FormFields } from '../contract/entities.ts';
import { smsSendSchema } from '../contract/receipt.ts';
import { collectErrors } from '../contract/schemas.ts';
import { toCallFailure } from './actors.types.ts';
import { depositStatusMachine } from './deposit-status.machine.ts';
import { type PhoneVerifiedEvent, phoneVerificationMachine } from './phone-verification.machine.ts';
import type { WizardEvent } from './wizard.types.ts';
import { calls } from './calls.ts';

export interface NewAccountValues {
  password: string;
  password_again: string;
  pin: string;
  pin_again: string;
}
export const EMPTY_ACCOUNT: NewAccountValues = { password: '', password_again: '', pin: '', pin_again: '' };

export interface ReceiptFlowInput {
  fields: FormFields;
}

export interface ReceiptFlowContext {
  fields: FormFields;
  account: NewAccountValues;
  phone: string;
  enroll: boolean;
  errors: AccountErrors;
  showErrors: boolean;
  failure: string | null;
  /** The account was created here: the receipt offers the account pages. */
  accountCreated: boolean;
  /** The text receipt was sent (or had been already). */
  smsSent: boolean;
  /** The dest deposit's phone number was verified here. */
  phoneVerified: boolean;
}

export type ReceiptFlowEvent =
  | { type: 'account.change'; fields: Partial<NewAccountValues> }
  | { type: 'account.submit' }
  | { type: 'account.skip' }
  | { type: 'sms.change'; phone: string }
  | { type: 'sms.enroll'; enroll: boolean }
  | { type: 'sms.submit' }
  | { type: 'sms.skip' }
  /** §2 receipt: verify the phone number of a dest deposit (signed in, US number). */
  | { type: 'phone.verify' }
  | { type: 'phone.close' }
  | PhoneVerifiedEvent;

/** §5 create-account rules on what the modal asks (email and names come from the deposit). */
export function accountErrors(values: NewAccountValues, fields: FormFields): AccountErrors {
  return collectErrors(registerSchema, {
    ...values,
    email: fields.email,
    first_name: fields.billing_first_name,
    last_name: fields.billing_last_name,
  });
}

function smsErrors(context: Pick<ReceiptFlowContext, 'phone' | 'enroll' | 'fields'>): AccountErrors {
  return collectErrors(smsSendSchema, {
    phone_no: context.phone,
    enroll: context.enroll,
    receipt: context.fields.cached_deposit_info?.deposit_id ?? '',
  });
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
    isAccountValid: ({ context }) => Object.keys(accountErrors(context.account, context.fields)).length === 0,
    isSmsValid: ({ context }) => Object.keys(smsErrors(context)).length === 0,
    /** §2: phone verification for a dest deposit to a US number, by a signed-in payer (it is their account). */
    canVerifyPhone: ({ context }) => offersPhoneVerification(context),
  },
  actions: {
    changeAccount: assign(({ context }, params: { fields: Partial<NewAccountValues> }) => ({
      account: { ...context.account, ...params.fields },
      errors: {},
      failure: null,
    })),
    showAccountErrors: assign(({ context }) => ({
      errors: accountErrors(context.account, context.fields),
      showErrors: true,
    })),
    changePhone: assign((_, params: { phone: string }) => ({ phone: params.phone, errors: {}, failure: null })),
    changeEnroll: assign((_, params: { enroll: boolean }) => ({ enroll: params.enroll })),
    showSmsErrors: assign(({ context }) => ({ errors: smsErrors(context), showErrors: true })),
    startCall: assign({ errors: {}, showErrors: false, failure: null }),
    /** A refused call: its field errors, or its message; the typed values stay. */
    assignCallFailure: assign((_, params: { error: unknown }) => {
      const failure = toCallFailure(params.error);
      const fieldErrors = Object.keys(failure.errors).length > 0 && !failure.errors.form;
      return {
        errors: fieldErrors ? failure.errors : {},
        failure: fieldErrors ? null : (failure.errors.form ?? failure.code),
        showErrors: true,
      };
    }),
    // The password and PIN are forgotten once the account exists.
    accountDone: assign(({ context }) => ({
      account: EMPTY_ACCOUNT,
      accountCreated: true,
      fields: { ...context.fields, logged_in: true },
      showErrors: false,
    })),
    tellWizardSignedIn: enqueueActions(({ enqueue, self }) => {
      if (self._parent) enqueue.sendParent({ type: 'receipt.accountCreated' } satisfies WizardEvent);
    }),
    smsDone: assign({ smsSent: true, showErrors: false }),
    phoneDone: assign({ phoneVerified: true }),
  },
}).createMachine({
  id: 'receiptFlow',
  context: ({ input }) => ({
    fields: input.fields,
    account: EMPTY_ACCOUNT,
    phone: input.fields.phone_no,
    enroll: false,
    errors: {},
    showErrors: false,
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
        'account.change': {
          actions: { type: 'changeAccount', params: ({ event }) => ({ fields: event.fields }) },
        },
        'account.submit': [
          { guard: 'isAccountValid', target: 'creatingAccount', actions: 'startCall' },
          { actions: 'showAccountErrors' },
        ],
        'account.skip': { target: 'offeringSms', actions: 'startCall' },
      },
    },
    creatingAccount: {
      tags: ['dialog', 'account', 'busy'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({
          ...context.account,
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
        'sms.change': { actions: { type: 'changePhone', params: ({ event }) => ({ phone: event.phone }) } },
        'sms.enroll': { actions: { type: 'changeEnroll', params: ({ event }) => ({ enroll: event.enroll }) } },
        'sms.submit': [
          { guard: 'isSmsValid', target: 'sendingSms', actions: 'startCall' },
          { actions: 'showSmsErrors' },
        ],
        'sms.skip': { target: 'done', actions: 'startCall' },
      },
    },
    sendingSms: {
      tags: ['dialog', 'sms', 'busy'],
      invoke: {
        id: 'sendSmsReceipt',
        src: 'sendSmsReceipt',
        input: ({ context }) => ({
          phone_no: context.phone,
          receipt: context.fields.cached_deposit_info?.deposit_id ?? '',
          enroll: context.enroll,
        }),
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
