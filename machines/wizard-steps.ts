// The wizard's steps (§2, §4), one state each, as the wizard machine (wizard.machine.ts) puts them
// under its `step` region: what each takes, where Continue and Back go, and the one save-step they share.
// The names of actions, guards and actors are the wizard's own (its setup), which type-checks them.
import { not } from 'xstate';
import type { DestinationAccount } from '../contract/accounts.ts';
import type { StateSaveResponse } from '../contract/api.ts';
import { SEARCH_MIN } from '../contract/constants.ts';
import { MSG } from '../contract/messages.ts';
import type { CheckoutOutput } from './checkout.types.ts';
import {
  type EditStep,
  FRAUD_CONTROL_MESSAGE,
  RESELECT_DEPOSIT_TYPE,
  phoneDigits,
  recipientFields,
  requireFacility,
  searchModeOf,
} from './wizard-rules.ts';
import type { WizardContext, WizardEvent, WizardRoute } from './wizard.types.ts';
import { SYSTEM } from './system.ts';

type Ctx = { context: WizardContext };
type On<T extends WizardEvent['type']> = { event: Extract<WizardEvent, { type: T }> };
type Done<T> = { event: { output: T } };

/** A step's answer (the save's), for the actions and guards that read it. */
const answerOf = ({ event }: { event: { output: StateSaveResponse } }) => ({ answer: event.output });
const savedOf = ({ event }: On<'form.saved'>) => ({ answer: event.answer });
const failureOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/**
 * The one save-step of every step that saves its fields before moving on (§4: Continue works only when
 * saving succeeded; a save with errors on the step's field, or a fraud flag, blocks continuing and shows
 * the error summary). The step asks the wizard's autosave, the one writer of the form state, to save
 * now, and waits for its answer. On success the wizard routes to the first of `next` whose guard holds.
 */
export function saveStep(
  step: EditStep,
  next: { guard?: 'isDeepContactAnswer' | 'isRecipientType'; route: WizardRoute }[],
) {
  return {
    tags: ['busy'],
    entry: { type: 'askStepSave' as const, params: { step } },
    on: {
      'form.saved': [
        {
          guard: {
            type: 'hasStepErrors' as const,
            params: ({ event }: On<'form.saved'>) => ({ answer: event.answer, step }),
          },
          target: 'editing',
          actions: ['clearFailure' as const, 'signalCannotContinue' as const],
        },
        ...next.map(({ guard, route }) => ({
          ...(guard === 'isDeepContactAnswer' ? { guard: { type: guard, params: savedOf } } : guard ? { guard } : {}),
          target: '#wizard.step.routing',
          actions: ['clearFailure' as const, { type: 'assignRequested' as const, params: { route } }],
        })),
      ],
      'form.saveFailed': {
        target: 'editing',
        actions: [{ type: 'assignFailure' as const, params: failureOf }, 'signalCannotContinue' as const],
      },
    },
  };
}

/**
 * §2 'make another' (and a fraud-blocked deep contact's fresh start): the server clears the form state,
 * deep contact too, and the wizard starts again at the facility step; on failure it stays at `back`.
 */
export function startNewDeposit(back: string) {
  return {
    tags: ['busy', 'clearing'],
    invoke: {
      id: 'clearFormState',
      src: 'clearFormState' as const,
      onDone: { target: '#wizard.step.facility', actions: { type: 'assignCleared' as const, params: answerOf } },
      onError: { target: back, actions: { type: 'assignFailure' as const, params: failureOf } },
    },
  };
}

export const facilityStep = {
  // The address's country first (§2 /deposit_facility/:country): the picker starts on it.
  entry: [{ type: 'enterStep', params: { route: 'facility' } }, 'followAskedCountry'],
  invoke: {
    id: 'facilityPicker',
    systemId: SYSTEM.facilityPicker,
    src: 'facilityPickerMachine',
    input: ({ context }: Ctx) => ({
      country: context.fields.facility_country || 'US',
      region: context.fields.facility_state,
      facilityId: context.fields.facility_id,
    }),
  },
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        'wizard.continue': [
          {
            guard: not('hasFacility'),
            actions: [
              { type: 'assignError', params: { field: 'facility_id', key: MSG.required } },
              'signalCannotContinue',
            ],
          },
          { target: 'saving' },
        ],
      },
    },
    saving: saveStep('facility', [{ route: 'type' }]),
  },
} as const;

export const typeStep = {
  entry: { type: 'enterStep', params: { route: 'type' } },
  on: {
    'wizard.back': { target: 'routing', actions: { type: 'assignRequested', params: { route: 'facility' } } },
  },
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      always: { guard: 'isDeepContactFraud', target: 'fraudBlocked' },
      on: {
        // Choosing a type is its Continue (§2: the type step has no continue button).
        'type.select': [
          {
            guard: {
              type: 'needsSignInFor',
              params: ({ event }: On<'type.select'>) => ({ depositType: event.depositType }),
            },
            target: 'loginRequired',
          },
          {
            guard: {
              type: 'isDepositTypeOffered',
              params: ({ event }: On<'type.select'>) => ({ depositType: event.depositType }),
            },
            target: 'saving',
            actions: {
              type: 'assignStepFields',
              params: ({ event }: On<'type.select'>) => ({ fields: { deposit_type: event.depositType } }),
            },
          },
          {
            actions: [
              { type: 'assignError', params: { field: 'deposit_type', key: RESELECT_DEPOSIT_TYPE } },
              'signalCannotContinue',
            ],
          },
        ],
        'wizard.continue': [
          {
            guard: not('hasDepositType'),
            actions: [
              { type: 'assignError', params: { field: 'deposit_type', key: MSG.depositType } },
              'signalCannotContinue',
            ],
          },
          { target: 'saving' },
        ],
      },
    },
    /** §4: the login-required modal; it links to the sign-in page, which brings the payer back. */
    loginRequired: {
      tags: ['dialog'],
      on: { 'type.dismiss': 'editing' },
    },
    /**
     * §5/§8 FRAUD_CONTROL_MESSAGE: the person a deep-contact link names is fraud-flagged; no type
     * can be chosen. Back (to the facility step) starts a normal deposit, which ends deep contact.
     */
    fraudBlocked: {
      tags: ['error', 'fraudBlocked'],
      on: { 'wizard.another': 'clearing' },
    },
    /** A new deposit instead (§2 'make another'): the server clears the form state, deep contact too. */
    clearing: startNewDeposit('fraudBlocked'),
    saving: saveStep('type', [
      // §4: deep contact: the recipient is known, straight to checkout.
      { guard: 'isDeepContactAnswer', route: 'checkout' },
      { guard: 'isRecipientType', route: 'recipient' },
      // dest goes to the number step (§4).
      { route: 'number' },
    ]),
  },
} as const;

// §2 number step (60%, dest): one of the payer's phone accounts, or a new number.
export const numberStep = {
  entry: { type: 'enterStep', params: { route: 'number' } },
  on: {
    'wizard.back': { target: 'routing', actions: { type: 'assignRequested', params: { route: 'type' } } },
  },
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      always: { guard: 'needsDestAccounts', target: 'loadingAccounts' },
      on: {
        'number.account': [
          {
            guard: {
              type: 'isAccountFraudFlagged',
              params: ({ event }: On<'number.account'>) => ({ accountId: event.accountId }),
            },
            actions: [
              { type: 'assignError', params: { field: 'deposit_phone_no', key: FRAUD_CONTROL_MESSAGE } },
              'signalCannotContinue',
            ],
          },
          {
            guard: {
              type: 'canChooseAccount',
              params: ({ event }: On<'number.account'>) => ({ accountId: event.accountId }),
            },
            actions: {
              type: 'chooseAccount',
              params: ({ event }: On<'number.account'>) => ({ accountId: event.accountId }),
            },
          },
        ],
        // A new number comes checked by the step's form (§5, destNumberSchema), with its values; a
        // 10-digit one is checked for a fraud flag first.
        'number.submit': [
          {
            guard: {
              type: 'needsFraudCheck',
              params: ({ event }: On<'number.submit'>) => ({ phone: event.values.deposit_phone_no }),
            },
            target: 'checkingFraud',
            actions: {
              type: 'assignNewNumber',
              params: ({ event }: On<'number.submit'>) => ({ values: event.values }),
            },
          },
          {
            target: 'saving',
            actions: {
              type: 'assignNewNumber',
              params: ({ event }: On<'number.submit'>) => ({ values: event.values }),
            },
          },
        ],
        // Continue with one of the payer's accounts (chosen with number.account, already checked).
        'wizard.continue': [
          { guard: 'hasChosenAccount', target: 'saving' },
          {
            actions: [
              { type: 'assignError', params: { field: 'deposit_phone_no', key: MSG.required } },
              'signalCannotContinue',
            ],
          },
        ],
      },
    },
    loadingAccounts: {
      tags: ['loading'],
      invoke: {
        id: 'loadDestinationAccounts',
        src: 'loadDestinationAccounts',
        onDone: {
          target: 'editing',
          actions: {
            type: 'assignDestAccounts',
            params: ({ event }: Done<DestinationAccount[]>) => ({ accounts: event.output }),
          },
        },
        onError: {
          target: 'editing',
          actions: { type: 'assignDestAccountsFailure', params: failureOf },
        },
      },
    },
    // §5: a 10-character number is checked for a fraud flag; a flag of 1 blocks (FRAUD_CONTROL_MESSAGE).
    checkingFraud: {
      tags: ['busy'],
      invoke: {
        id: 'checkDestinationFraud',
        src: 'checkDestinationFraud',
        input: ({ context }: Ctx) => ({
          ani: phoneDigits(context.fields.deposit_phone_no),
          country: context.fields.deposit_phone_country || 'US',
        }),
        onDone: [
          {
            guard: {
              type: 'isFraudFlagged',
              params: ({ event }: Done<{ fraud_flag: number }>) => ({ flag: event.output.fraud_flag }),
            },
            target: 'editing',
            actions: [
              { type: 'assignError', params: { field: 'deposit_phone_no', key: FRAUD_CONTROL_MESSAGE } },
              'signalCannotContinue',
            ],
          },
          { target: 'saving' },
        ],
        onError: {
          target: 'editing',
          actions: [{ type: 'assignFailure', params: failureOf }, 'signalCannotContinue'],
        },
      },
    },
    saving: saveStep('number', [{ route: 'checkout' }]),
  },
} as const;

export const recipientStep = {
  entry: { type: 'enterStep', params: { route: 'recipient' } },
  invoke: {
    id: 'recipientSearch',
    systemId: SYSTEM.recipientSearch,
    src: 'recipientSearchMachine',
    input: ({ context }: Ctx) => ({
      facilityId: context.facility?.id ?? context.fields.facility_id ?? 0,
      // §5: minimum 3 characters for standard facilities, 2 in the other variant.
      minLength: context.facility?.is_standard === false ? SEARCH_MIN.nameShort : SEARCH_MIN.name,
      mode: searchModeOf(context.facility),
    }),
  },
  on: {
    'wizard.back': { target: 'routing', actions: { type: 'assignRequested', params: { route: 'type' } } },
  },
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        'recipient.select': [
          {
            guard: {
              type: 'isInmateSelectable',
              params: ({ event }: On<'recipient.select'>) => ({ inmate: event.inmate }),
            },
            target: 'saving',
            actions: {
              type: 'assignStepFields',
              params: ({ event }: On<'recipient.select'>) => ({ fields: recipientFields(event.inmate) }),
            },
          },
          // §8 FRAUD_CONTROL_MESSAGE: 'unable to continue with this deposit'.
          {
            actions: [
              { type: 'assignError', params: { field: 'deposit_inmate_id', key: FRAUD_CONTROL_MESSAGE } },
              'signalCannotContinue',
            ],
          },
        ],
        'wizard.continue': [
          {
            guard: not('hasRecipient'),
            actions: [
              { type: 'assignError', params: { field: 'deposit_inmate_id', key: MSG.required } },
              'signalCannotContinue',
            ],
          },
          { target: 'saving' },
        ],
      },
    },
    saving: saveStep('recipient', [{ route: 'checkout' }]),
  },
} as const;

export const checkoutStep = {
  entry: { type: 'enterStep', params: { route: 'checkout' } },
  invoke: {
    id: 'checkout',
    systemId: SYSTEM.checkout,
    src: 'checkoutMachine',
    input: ({ context }: Ctx) => ({ fields: context.fields, facility: requireFacility(context) }),
    onDone: {
      target: 'receipt',
      actions: {
        type: 'assignCheckoutOutput',
        params: ({ event }: Done<CheckoutOutput>) => ({ fields: event.output.fields }),
      },
    },
    onError: {
      target: 'failed',
      actions: { type: 'assignFailure', params: failureOf },
    },
  },
  on: {
    'wizard.back': [
      {
        guard: 'isDestType',
        target: 'routing',
        actions: { type: 'assignRequested', params: { route: 'number' } },
      },
      // §4: a deep-contact deposit came from type, the recipient search was skipped.
      {
        guard: 'isDeepContactDeposit',
        target: 'routing',
        actions: { type: 'assignRequested', params: { route: 'type' } },
      },
      { target: 'routing', actions: { type: 'assignRequested', params: { route: 'recipient' } } },
    ],
  },
} as const;

// §2: 100%, no back, 'make another'.
export const receiptStep = {
  entry: { type: 'enterStep', params: { route: 'receipt' } },
  // §2: the create-account and text-receipt modals.
  invoke: {
    id: 'receiptFlow',
    systemId: SYSTEM.receiptFlow,
    src: 'receiptFlowMachine',
    input: ({ context }: Ctx) => ({ fields: context.fields }),
  },
  on: {
    'receipt.accountCreated': { actions: ['assignSignedIn', 'tellAppAccountCreated'] },
  },
  initial: 'idle',
  states: {
    idle: {
      tags: ['done'],
      on: { 'wizard.another': 'clearing' },
    },
    clearing: startNewDeposit('idle'),
  },
} as const;
