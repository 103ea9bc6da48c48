// deposit.checkout (§2 checkout; §4 checkout amounts, card choice, recurring, roundup and outcomes; §5;
// §8). The checkout holds four children, one concern each, and talks to them by events:
//
// - amount (checkout-amount.machine.ts): the limits, then the amount chosen, saved and priced;
// - payment (checkout-payment.machine.ts): a new card or a signed-in payer's saved card;
// - choices (checkout-choices.machine.ts): one time, recurring or a roundup (§4 pam mode: bi-weekly);
// - submit (checkout-submit.machine.ts, while submitting): vault, save, deposit, outcomes.
//
// The form owns what the payer types (docs/decisions/0041) and hands it over, valid, with the submit.
// While editing, the checkout passes each of the screen's events to the child it concerns; once a
// deposit is under way it passes none, so nothing changes under it. Voicemail offers and the CPA link
// run beside (checkout-extras.machine.ts, docs/decisions/0015).
import { type SnapshotFrom, and, assign, enqueueActions, not, sendTo } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { FormFields } from '../contract/entities.ts';
import { type CheckoutExtrasEvent, checkoutExtrasMachine } from './checkout-extras.machine.ts';
import { checkoutAmountMachine } from './checkout-amount.machine.ts';
import { checkoutChoicesMachine } from './checkout-choices.machine.ts';
import { checkoutPaymentMachine } from './checkout-payment.machine.ts';
import { checkoutSubmitMachine, NO_OUTCOME } from './checkout-submit.machine.ts';
import { flowErrors, onlyFeesPending, submissionOf } from './checkout-rules.ts';
import {
  CHECKOUT_CHANGE_KEYS,
  SAVED_CVC_FIELD,
  type AmountReport,
  type CheckoutContext,
  type CheckoutEvent,
  type CheckoutInput,
  type CheckoutOutput,
  type CheckoutValues,
  type ChoiceFields,
  type ChoicesNews,
  type PaymentReport,
  type SubmitOutput,
} from './checkout.types.ts';
import { hasEntries, pick, withoutErrors } from './form-fields.ts';
import type { WizardEvent } from './wizard.types.ts';
import { SYSTEM, tell } from './system.ts';

/** The invoke ids of the checkout's children; the screen reads each of them. */
export const CHECKOUT_CHILDREN = {
  amount: 'amount',
  payment: 'payment',
  choices: 'choices',
  submit: 'submit',
  /** Voicemail offers and the CPA link (docs/decisions/0015). */
  extras: 'extras',
} as const;

const AMOUNT_EVENTS = ['amount.preset', 'amount.other', 'fees.retry', 'limits.retry'] as const;
const PAYMENT_EVENTS = ['card.choose', 'savedCards.retry'] as const;
const CHOICE_EVENTS = ['recurring.type', 'recurring.day', 'roundup.pick', 'pam.recurring'] as const;
const SUBMIT_EVENTS = ['checkout.confirmDuplicate', 'checkout.dismiss', 'checkout.changeType'] as const;
const CHOICE_KEYS = ['recurring_type', 'recurring_increment', 'selected_roundup'] as const;

/** `event` passed on, as it is, to the child `id`. */
const passTo = (id: string) => sendTo(id, ({ event }: { event: CheckoutEvent }) => event);
const on = (types: readonly CheckoutEvent['type'][], id: string) =>
  Object.fromEntries(types.map((type) => [type, { actions: passTo(id) }]));

function initialAmount(fields: FormFields): AmountReport {
  const { deposit_amount, deposit_amount_id } = fields;
  return { deposit_amount, deposit_amount_id, open: false, pending: false, error: null, roundups: [] };
}

export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    output: {} as CheckoutOutput,
  },
  actors: {
    checkoutAmountMachine,
    checkoutPaymentMachine,
    checkoutChoicesMachine,
    checkoutSubmitMachine,
    checkoutExtrasMachine,
  },
  guards: {
    /** §4/§5: nothing is submitted before the limits are settled, nor when maxed out or refused. */
    isAmountOpen: ({ context }) => context.amount.open,
    /** §6: in pam mode an account is required. */
    isPamGuest: ({ context }) => context.facility.pam_enabled && !context.fields.logged_in,
    isReady: ({ context }) => !hasEntries(flowErrors(context)),
    /** Everything is in order but the fees of the amount, still being calculated. */
    isOnlyFeesPending: ({ context }) => onlyFeesPending(context),
    arePricesPending: ({ context }) => context.amount.pending,
    isDeposited: (_, params: { output: SubmitOutput }) => params.output.kind === 'deposited',
  },
  actions: {
    /** A new amount, or one priced: the amount's error of an earlier submit goes (§5: errors clear on edit). */
    assignAmount: assign(({ context }, params: { report: AmountReport }) => {
      const { report } = params;
      const changed =
        report.deposit_amount !== context.amount.deposit_amount ||
        report.deposit_amount_id !== context.amount.deposit_amount_id;
      return {
        amount: report,
        errors: changed || report.error === null ? withoutErrors(context.errors, ['deposit_amount']) : context.errors,
      };
    }),
    /** The roundup options follow the amount: offered once priced, withdrawn when the payer changes it. */
    tellChoicesOfAmount: enqueueActions(({ enqueue, context }, params: { report: AmountReport }) => {
      const { report } = params;
      const before = context.amount;
      let news: ChoicesNews | null = null;
      if (report.error === null) news = { type: 'roundups.offer', options: report.roundups };
      else if (report.deposit_amount !== before.deposit_amount || report.deposit_amount_id !== before.deposit_amount_id)
        news = { type: 'roundups.withdraw' };
      if (news) enqueue.sendTo(CHECKOUT_CHILDREN.choices, news);
    }),
    assignPayment: assign(({ context }, params: { report: PaymentReport }) => ({
      payment: params.report,
      errors: withoutErrors(context.errors, ['saved_card_id', SAVED_CVC_FIELD, 'recurring_type']),
    })),
    tellChoicesOfCards: sendTo(CHECKOUT_CHILDREN.choices, (_, params: { report: PaymentReport }) => ({
      type: 'cards.available' as const,
      available: params.report.hasSavedCards,
    })),
    assignChoice: assign(({ context }, params: { choice: ChoiceFields }) => {
      const changed = CHOICE_KEYS.filter((k) => context.choice[k] !== params.choice[k]);
      return { choice: params.choice, errors: withoutErrors(context.errors, changed) };
    }),
    /** The wizard's copy of the form state, after any answer it applied (it is the one writer). */
    assignSaved: assign((_, params: { fields: FormFields }) => ({ fields: params.fields })),
    /** The wizard autosaves what the payer types (§4, throttled 250 ms there); §5: its server errors go. */
    reportChange: enqueueActions(({ enqueue, system }, params: { fields: Partial<FormFields> }) => {
      const change: WizardEvent = { type: 'form.change', fields: params.fields };
      if (hasEntries(params.fields)) tell(enqueue, system, SYSTEM.wizard, change);
    }),
    clearErrors: assign(({ context }, params: { names: readonly string[] }) => ({
      errors: withoutErrors(context.errors, params.names),
    })),
    /** §9 cpastates: the CPA link follows the billing state (checkout-extras.machine.ts). */
    tellExtrasOfBillingState: enqueueActions(({ enqueue }, params: { fields: Partial<FormFields> }) => {
      const state = params.fields.billing_state;
      if (state === undefined) return;
      const event: CheckoutExtrasEvent = { type: 'extras.billingState', state };
      enqueue.sendTo(CHECKOUT_CHILDREN.extras, event);
    }),
    /** §4 trust mismatch: "change type" takes the payer back to the type step. */
    askForAnotherType: enqueueActions(({ enqueue, system }) => {
      const back: WizardEvent = { type: 'wizard.navigate', route: 'type' };
      tell(enqueue, system, SYSTEM.wizard, back);
    }),
    // §4: CHECKOUT_ERROR summary; the screen focuses it.
    showFlowErrors: assign(({ context }) => ({
      errors: { ...context.errors, ...flowErrors(context) },
      showErrors: true,
    })),
    startSubmit: assign(({ context }, params: { values: CheckoutValues }) => ({
      errors: {},
      showErrors: false,
      outcome: NO_OUTCOME,
      submission: submissionOf(context, params.values),
    })),
    assignOutcome: assign(({ context }, params: { output: SubmitOutput }) =>
      params.output.kind === 'deposited'
        ? { fields: params.output.fields, submission: null }
        : {
            fields: params.output.fields,
            errors: { ...context.errors, ...params.output.errors },
            outcome: params.output.outcome,
            showErrors: params.output.showErrors,
            submission: null,
          },
    ),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    fields: input.fields,
    facility: input.facility,
    amount: initialAmount(input.fields),
    payment: { saved_card_id: input.fields.saved_card_id, chosenIsValid: false, hasSavedCards: false },
    choice: {
      recurring_type: input.fields.recurring_type,
      recurring_increment: input.fields.recurring_increment,
      roundups: input.fields.roundups,
      selected_roundup: input.fields.selected_roundup,
      pamRecurring: false,
    },
    errors: {},
    showErrors: false,
    outcome: NO_OUTCOME,
    submission: null,
  }),
  invoke: [
    {
      id: CHECKOUT_CHILDREN.amount,
      systemId: SYSTEM.checkoutAmount,
      src: 'checkoutAmountMachine',
      input: ({ context }) => context,
    },
    {
      id: CHECKOUT_CHILDREN.payment,
      systemId: SYSTEM.checkoutPayment,
      src: 'checkoutPaymentMachine',
      input: ({ context }) => ({ signedIn: context.fields.logged_in, savedCardId: context.fields.saved_card_id }),
    },
    {
      id: CHECKOUT_CHILDREN.choices,
      systemId: SYSTEM.checkoutChoices,
      src: 'checkoutChoicesMachine',
      input: ({ context }) => context,
    },
    {
      id: CHECKOUT_CHILDREN.extras,
      systemId: SYSTEM.checkoutExtras,
      src: 'checkoutExtrasMachine',
      input: ({ context }) => ({ fields: context.fields }),
    },
  ],
  on: {
    'amount.report': {
      actions: [
        { type: 'tellChoicesOfAmount', params: ({ event }) => ({ report: event.report }) },
        { type: 'assignAmount', params: ({ event }) => ({ report: event.report }) },
      ],
    },
    'payment.report': {
      actions: [
        { type: 'assignPayment', params: ({ event }) => ({ report: event.report }) },
        { type: 'tellChoicesOfCards', params: ({ event }) => ({ report: event.report }) },
      ],
    },
    'choices.report': { actions: { type: 'assignChoice', params: ({ event }) => ({ choice: event.choice }) } },
    'form.saved': { actions: { type: 'assignSaved', params: ({ event }) => ({ fields: event.answer.fields }) } },
    'checkout.toType': { actions: 'askForAnotherType' },
  },
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        ...on(AMOUNT_EVENTS, CHECKOUT_CHILDREN.amount),
        ...on(PAYMENT_EVENTS, CHECKOUT_CHILDREN.payment),
        ...on(CHOICE_EVENTS, CHECKOUT_CHILDREN.choices),
        'checkout.change': {
          actions: [
            { type: 'reportChange', params: ({ event }) => ({ fields: pick(event.fields, CHECKOUT_CHANGE_KEYS) }) },
            { type: 'clearErrors', params: ({ event }) => ({ names: Object.keys(event.fields) }) },
            { type: 'tellExtrasOfBillingState', params: ({ event }) => ({ fields: event.fields }) },
          ],
        },
        'checkout.edited': { actions: { type: 'clearErrors', params: ({ event }) => ({ names: event.names }) } },
        'checkout.submit': [
          { guard: not('isAmountOpen') },
          // §2 pam variant (§6: an account is required).
          { guard: 'isPamGuest', target: 'pamNeedsAccount' },
          {
            guard: 'isReady',
            target: 'submitting',
            actions: { type: 'startSubmit', params: ({ event }) => ({ values: event.values }) },
          },
          // "Make deposit" just after the amount changed: the deposit goes on once its fees are known
          // (§4 amounts), instead of a message that vanishes with the answer.
          {
            guard: 'isOnlyFeesPending',
            target: 'awaitingFees',
            actions: { type: 'startSubmit', params: ({ event }) => ({ values: event.values }) },
          },
          { actions: 'showFlowErrors' },
        ],
        'checkout.invalid': { guard: 'isAmountOpen', actions: 'showFlowErrors' },
      },
    },
    /** §2/§6 pam-require-account modal: sign in, or create an account. */
    pamNeedsAccount: {
      tags: ['dialog'],
      on: { 'checkout.dismiss': 'editing' },
    },
    /** Submitted while the amount's fees were being calculated: on once they are known. */
    awaitingFees: {
      tags: ['busy'],
      always: [
        { guard: and([not('arePricesPending'), 'isReady']), target: 'submitting' },
        { guard: not('arePricesPending'), target: 'editing', actions: 'showFlowErrors' },
      ],
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: CHECKOUT_CHILDREN.submit,
        systemId: SYSTEM.checkoutSubmit,
        src: 'checkoutSubmitMachine',
        input: ({ context }) => {
          if (!context.submission) throw new Error('a submit without values');
          return { ...context.submission, current: context.fields };
        },
        onDone: [
          {
            guard: { type: 'isDeposited', params: ({ event }) => ({ output: event.output }) },
            target: 'done',
            actions: { type: 'assignOutcome', params: ({ event }) => ({ output: event.output }) },
          },
          { target: 'editing', actions: { type: 'assignOutcome', params: ({ event }) => ({ output: event.output }) } },
        ],
      },
      on: on(SUBMIT_EVENTS, CHECKOUT_CHILDREN.submit),
    },
    done: { type: 'final' },
  },
  output: ({ context }) => {
    const receipt = context.fields.cached_deposit_info;
    // isDeposited lets only a deposit with receipt information reach `done`.
    if (!receipt) throw new Error('checkout finished without receipt information');
    return { fields: context.fields, receipt };
  },
});

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;
