// The checkout's submission and its outcomes (§4 card choice and checkout outcomes, §8, §2 pam variant).
// Invoked by the checkout with the form's values once everything is in order: the card (or a saved
// card's security code) goes to the card vault, which answers a token; the fields are saved with the
// token (by the wizard's autosave, the one writer of the form state); the deposit is processed. It ends with the deposit made, or back at the form with the server's
// errors and the banner: a duplicate-deposit warning and the trust mismatch wait for the payer first.
// At a pam facility the server signs the deposit's summary, which is posted to the payment endpoint.
import { type SnapshotFrom, assign, enqueueActions } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { CheckoutResponse, StateSaveResponse } from '../contract/api.ts';
import { SERVER_OWNED_FIELDS, type FieldErrors, type FormFields, type ReceiptInfo } from '../contract/entities.ts';
import { CHECKOUT_SERVICE_ERRORS } from '../contract/checkout-services-base.ts';
import { FIELD_NO_TRUST } from '../contract/errors.ts';
import { type ActorIO, toCallFailure } from './actors.types.ts';
import { calls } from './calls.ts';
import {
  CHECKOUT_CHANGE_KEYS,
  SAVED_CVC_FIELD,
  type CheckoutEvent,
  type CheckoutOutcome,
  type SubmitContext,
  type SubmitMachineEvent,
  type SubmitInput,
  type SubmitOutput,
} from './checkout.types.ts';
import { checkoutErrorKeyOf, checkoutWarningKeyOf, hasEntries, pick } from './form-fields.ts';
import { SYSTEM, tell } from './system.ts';
import type { WizardEvent } from './wizard.types.ts';

type IO = ActorIO;

export const NO_OUTCOME: CheckoutOutcome = { errorKey: null, warningKey: null, duplicate: null };

const CARD_KEYS = ['credit_card', 'credit_card_cvc', 'credit_card_month', 'credit_card_year'] as const;
const AMOUNT_KEYS = ['deposit_amount', 'deposit_amount_id'] as const satisfies readonly (keyof FormFields)[];
/** Field errors the checkout can show: what it saves, the card's fields, and the form's own. */
const ERROR_KEYS = [
  ...AMOUNT_KEYS,
  ...CHECKOUT_CHANGE_KEYS,
  'saved_card_id',
  'recurring_type',
  'recurring_increment',
  'roundups',
  'selected_roundup',
  'card_token',
  ...CARD_KEYS,
  SAVED_CVC_FIELD,
  'form',
] as const;

function receiptOf(answer: CheckoutResponse): ReceiptInfo | null {
  return answer.cached_deposit_info ?? answer.form_state.cached_deposit_info;
}

export const checkoutSubmitMachine = setup({
  types: {
    input: {} as SubmitInput,
    context: {} as SubmitContext,
    events: {} as SubmitMachineEvent,
    output: {} as SubmitOutput,
  },
  actors: calls('tokenizeCard', 'tokenizeSavedCard', 'processDeposit', 'preparePamDeposit', 'postPamPayload'),
  guards: {
    isPam: ({ context }) => context.pam !== null,
    usesSavedCard: ({ context }) => (context.fields.saved_card_id ?? null) !== null,
    hasAnswerErrors: (_, params: { answer: StateSaveResponse }) => hasEntries(pick(params.answer.errors, ERROR_KEYS)),
    isDepositSuccess: (_, params: { answer: CheckoutResponse }) =>
      params.answer.success && receiptOf(params.answer) !== null,
    isDepositWarning: (_, params: { answer: CheckoutResponse }) => Boolean(params.answer.warning),
    /** §4/§8 trust block: the billing state may not make trust deposits (the mismatch modal). */
    isTrustMismatch: (_, params: { answer: CheckoutResponse }) =>
      params.answer.error === FIELD_NO_TRUST || params.answer.errors.billing_state === CHECKOUT_SERVICE_ERRORS.noTrust,
  },
  actions: {
    assignToken: assign(({ context }, params: { token: IO['tokenizeCard']['output'] }) => ({
      fields: {
        ...context.fields,
        card_token: params.token.token,
        credit_card_month: params.token.exp_month,
        credit_card_year: params.token.exp_year,
      },
    })),
    /** The answer of the save: what was sent, and what only the server writes. */
    assignSaveAnswer: assign(({ context }, params: { answer: StateSaveResponse }) => {
      const sent = Object.keys(context.fields) as (keyof FormFields)[];
      return {
        current: { ...context.current, ...pick(params.answer.fields, [...sent, ...SERVER_OWNED_FIELDS]) },
        errors: pick(params.answer.errors, ERROR_KEYS) as FieldErrors,
      };
    }),
    /** A failed call: field errors of a 400 go onto the fields, anything else is the banner. */
    assignCallFailure: assign(({ context }, params: { error: unknown }) => {
      const failure = toCallFailure(params.error);
      // A form-level error alone (a 429 of the per-client limits, docs/decisions/0039) is the banner too.
      const { form: formError, ...onFields } = failure.errors;
      const { credit_card_cvc: cvcError, ...others } = onFields;
      // A saved card's security code is typed in its own field.
      const savedCard = (context.fields.saved_card_id ?? null) !== null;
      const errors = cvcError && savedCard ? { ...others, [SAVED_CVC_FIELD]: cvcError } : onFields;
      return {
        errors,
        outcome: { ...NO_OUTCOME, errorKey: hasEntries(onFields) ? null : (formError ?? failure.code) },
        showErrors: true,
      };
    }),
    assignSuccess: assign((_, params: { answer: CheckoutResponse }) => {
      const receipt = receiptOf(params.answer);
      return { current: { ...params.answer.form_state, cached_deposit_info: receipt }, receipt };
    }),
    // §4/§8: a duplicate-transaction warning shows the last deposit's amount and time.
    assignWarning: assign((_, params: { answer: CheckoutResponse }) => ({
      outcome: {
        errorKey: null,
        warningKey: checkoutWarningKeyOf(params.answer.warning),
        duplicate: params.answer.duplicate,
      },
    })),
    // §8: the server cleared the card token; the card as typed stays on the form, so the payer loses nothing.
    assignDepositError: assign(({ context }, params: { answer: CheckoutResponse }) => {
      const errors = pick(params.answer.errors, ERROR_KEYS) as FieldErrors;
      return {
        current: { ...params.answer.form_state, cached_deposit_info: context.current.cached_deposit_info },
        errors,
        outcome: { ...NO_OUTCOME, errorKey: checkoutErrorKeyOf(params.answer.error) },
        showErrors: hasEntries(errors),
      };
    }),
    showErrors: assign({ showErrors: true }),
    confirmDuplicate: assign({ confirmDuplicate: true }),
    dismissOutcome: assign({ outcome: NO_OUTCOME }),
    assignPamPayload: assign(({ context }, params: { answer: IO['preparePamDeposit']['output'] }) => ({
      pamPost: { payload: params.answer.pam_payload, payUrl: params.answer.pay_url },
      current: { ...context.current, ...pick(params.answer.fields, [...AMOUNT_KEYS, ...SERVER_OWNED_FIELDS]) },
    })),
    /** The fields, with the card's token, are saved by the wizard's autosave (the one writer), which answers here. */
    askSave: enqueueActions(({ enqueue, context, system }) => {
      const save: WizardEvent = { type: 'form.save', fields: context.fields, replyTo: SYSTEM.checkoutSubmit };
      tell(enqueue, system, SYSTEM.wizard, save);
    }),
    /** The deposit's answer holds the server's form state (§7 process_deposit): the wizard applies it. */
    tellDepositAnswer: enqueueActions(({ enqueue, context, system }, params: { answer: CheckoutResponse }) => {
      const answered: WizardEvent = {
        type: 'form.answered',
        answer: { fields: context.current, errors: params.answer.errors },
      };
      tell(enqueue, system, SYSTEM.wizard, answered);
    }),
    /** §4: "change type" in the mismatch modal: the checkout asks the wizard for the type step. */
    askForAnotherType: enqueueActions(({ enqueue, system }) => {
      const event: CheckoutEvent = { type: 'checkout.toType' };
      tell(enqueue, system, SYSTEM.checkout, event);
    }),
  },
}).createMachine({
  id: 'checkoutSubmit',
  context: ({ input }) => ({
    ...input,
    errors: {},
    outcome: NO_OUTCOME,
    showErrors: false,
    confirmDuplicate: false,
    pamPost: null,
    receipt: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'isPam', target: 'preparingPam' },
        { guard: 'usesSavedCard', target: 'tokenizingSaved' },
        { target: 'tokenizing' },
      ],
    },
    // §4 card choice: the saved card's security code goes to the vault, which answers a token.
    tokenizingSaved: {
      tags: ['busy'],
      invoke: {
        id: 'tokenizeSavedCard',
        src: 'tokenizeSavedCard',
        input: ({ context }) => ({
          saved_card_id: context.fields.saved_card_id ?? 0,
          credit_card_cvc: context.values[SAVED_CVC_FIELD].trim(),
        }),
        onDone: {
          target: 'saving',
          actions: { type: 'assignToken', params: ({ event }) => ({ token: event.output }) },
        },
        onError: {
          target: 'returned',
          actions: { type: 'assignCallFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // The card's fields go to the vault only (docs/decisions/0003).
    tokenizing: {
      tags: ['busy'],
      invoke: {
        id: 'tokenizeCard',
        src: 'tokenizeCard',
        input: ({ context }) => pick(context.values, CARD_KEYS),
        onDone: {
          target: 'saving',
          actions: { type: 'assignToken', params: ({ event }) => ({ token: event.output }) },
        },
        onError: {
          target: 'returned',
          actions: { type: 'assignCallFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saving: {
      tags: ['busy'],
      entry: 'askSave',
      on: {
        'form.saved': [
          {
            guard: { type: 'hasAnswerErrors', params: ({ event }) => ({ answer: event.answer }) },
            target: 'returned',
            actions: [{ type: 'assignSaveAnswer', params: ({ event }) => ({ answer: event.answer }) }, 'showErrors'],
          },
          {
            target: 'submitting',
            actions: { type: 'assignSaveAnswer', params: ({ event }) => ({ answer: event.answer }) },
          },
        ],
        'form.saveFailed': {
          target: 'returned',
          actions: { type: 'assignCallFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'processDeposit',
        src: 'processDeposit',
        input: ({ context }) => ({ confirmDuplicate: context.confirmDuplicate }),
        onDone: [
          {
            guard: { type: 'isDepositSuccess', params: ({ event }) => ({ answer: event.output }) },
            target: 'deposited',
            actions: { type: 'assignSuccess', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: 'isDepositWarning', params: ({ event }) => ({ answer: event.output }) },
            target: 'warning',
            actions: { type: 'assignWarning', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: 'isTrustMismatch', params: ({ event }) => ({ answer: event.output }) },
            target: 'trustMismatch',
            actions: [
              { type: 'assignDepositError', params: ({ event }) => ({ answer: event.output }) },
              { type: 'tellDepositAnswer', params: ({ event }) => ({ answer: event.output }) },
            ],
          },
          {
            target: 'returned',
            actions: [
              { type: 'assignDepositError', params: ({ event }) => ({ answer: event.output }) },
              { type: 'tellDepositAnswer', params: ({ event }) => ({ answer: event.output }) },
            ],
          },
        ],
        onError: {
          target: 'returned',
          actions: { type: 'assignCallFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** §4/§8 duplicate warning: deposit again, or not. */
    warning: {
      tags: ['dialog'],
      on: {
        'checkout.confirmDuplicate': { target: 'submitting', actions: 'confirmDuplicate' },
        'checkout.dismiss': { target: 'returned', actions: 'dismissOutcome' },
      },
    },
    // §4 trust block: a modal offers another deposit type or closing (to change the billing state).
    trustMismatch: {
      tags: ['dialog'],
      on: {
        'checkout.changeType': { actions: 'askForAnotherType' },
        'checkout.dismiss': 'returned',
      },
    },
    // §2 pam variant: the server signs the deposit's summary (pam_payload) for the endpoint.
    preparingPam: {
      tags: ['busy'],
      invoke: {
        id: 'preparePamDeposit',
        src: 'preparePamDeposit',
        input: ({ context }) => ({
          fees_acknowledged: true,
          recurring_type: context.pam?.recurring ? 'biweekly' : '',
        }),
        onDone: {
          target: 'postingPam',
          actions: { type: 'assignPamPayload', params: ({ event }) => ({ answer: event.output }) },
        },
        onError: {
          target: 'returned',
          actions: { type: 'assignCallFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** pam_payload is form-posted (urlencoded) to pay_url: the browser leaves for the endpoint. */
    postingPam: {
      tags: ['busy'],
      invoke: {
        id: 'postPamPayload',
        src: 'postPamPayload',
        input: ({ context }) => ({ payUrl: context.pamPost?.payUrl ?? '', payload: context.pamPost?.payload ?? '' }),
        onError: {
          target: 'returned',
          actions: { type: 'assignCallFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    deposited: { type: 'final' },
    /** Back to the form: the values stay on it, the errors go onto its fields. */
    returned: { type: 'final' },
  },
  output: ({ context }): SubmitOutput =>
    context.receipt
      ? { kind: 'deposited', fields: context.current, receipt: context.receipt }
      : {
          kind: 'returned',
          fields: context.current,
          errors: context.errors,
          outcome: context.outcome,
          showErrors: context.showErrors,
        },
});

export type CheckoutSubmitSnapshot = SnapshotFrom<typeof checkoutSubmitMachine>;
