// The deposit wizard (§2, §4): facility -> type -> recipient -> checkout -> receipt, with the
// routing guards of §4, Continue (works only when saving succeeded) and autosave (throttled 250 ms).
// Region `step` is the screen; region `autosave` is the one writer of the server's form state (§4
// autosave, POST /state/save): typing, a step's Continue, the checkout's amount and its submission all
// save through it, and one function (wizard-rules.ts applyAnswer) applies every answer.
import { type SnapshotFrom, and, assign, enqueueActions, not, raise } from 'xstate';
import { setup } from './lazy-setup.ts';
import { DELAYS } from '../contract/constants.ts';
import type { Facility, FieldErrors, FormFields, Inmate } from '../contract/entities.ts';
import type { StateSaveResponse } from '../contract/api.ts';
import type { DestinationAccount } from '../contract/accounts.ts';
import { deepContactNeedsSignIn, isDeepContactDeposit } from '../contract/deep-contact-base.ts';
import { hiddenForPayer, needsSignIn, offersType } from '../contract/rules.ts';
import { toCallFailure } from './actors.types.ts';
import { checkoutMachine } from './checkout.machine.ts';
import { facilityPickerMachine } from './facility-picker.machine.ts';
import { hasEntries, withoutErrors } from './form-fields.ts';
import { receiptFlowMachine } from './receipt.machine.ts';
import { recipientSearchMachine } from './recipient-search.machine.ts';
import type {
  FormSaveFailedEvent,
  FormSavedEvent,
  WizardContext,
  WizardEvent,
  NewNumberValues,
  WizardInput,
  WizardRoute,
} from './wizard.types.ts';
import { calls } from './calls.ts';
import { SYSTEM, type SystemId, tell } from './system.ts';
import {
  type EditStep,
  FRAUD_CONTROL_MESSAGE,
  RECIPIENT_TYPES,
  STEP_KEY,
  phoneDigits,
  applyAnswer,
  phoneFields,
  stepSaveFields,
} from './wizard-rules.ts';
import { checkoutStep, facilityStep, numberStep, receiptStep, recipientStep, typeStep } from './wizard-steps.ts';

export const wizardMachine = setup({
  types: {
    input: {} as WizardInput,
    context: {} as WizardContext,
    events: {} as WizardEvent,
  },
  actors: {
    ...calls('loadDestinationAccounts', 'checkDestinationFraud', 'saveFormState', 'loadFacility', 'clearFormState'),
    facilityPickerMachine,
    recipientSearchMachine,
    checkoutMachine,
    receiptFlowMachine,
  },
  delays: {
    formSaveThrottle: DELAYS.formSaveThrottle,
  },
  guards: {
    isReceiptRequested: ({ context }) => context.requested === 'receipt',
    isCheckoutRequested: ({ context }) => context.requested === 'checkout',
    isRecipientRequested: ({ context }) => context.requested === 'recipient',
    isTypeRequested: ({ context }) => context.requested === 'type',
    isFacilityRequested: ({ context }) => context.requested === 'facility',
    isNothingRequested: ({ context }) => context.requested === null,
    /**
     * Another route, or the facility step's path naming a country other than the saved one (§2: the
     * address wins).
     */
    isNewRoute: ({ context }, params: { route: WizardRoute | null; country: string | undefined }) =>
      params.route !== context.requested ||
      (params.route === 'facility' && !!params.country && params.country !== context.fields.facility_country),
    hasDepositId: ({ context }) => context.fields.deposit_id !== '',
    hasFacility: ({ context }) => context.fields.facility_id !== null,
    hasDepositType: ({ context }) => context.fields.deposit_type !== '',
    hasRecipient: ({ context }) => context.fields.deposit_inmate_id !== '',
    isNumberRequested: ({ context }) => context.requested === 'number',
    isDestType: ({ context }) => context.fields.deposit_type === 'dest',
    // §4: checkout goes back to type when the recipient (or, for dest, the phone) is missing. A
    // deep-contact recipient was written by the server; a fraud-flagged one is no recipient (§5).
    hasRecipientOrPhone: ({ context }) =>
      context.fields.deposit_type === 'dest'
        ? context.fields.deposit_phone_no !== ''
        : context.fields.deposit_inmate_id !== '' &&
          !(context.fields.deep_contact && context.fields.deep_contact_inmate_fraud),
    // §5/§8: the person a deep-contact link names is fraud-flagged: the deposit is blocked.
    isDeepContactFraud: ({ context }) => context.fields.deep_contact && context.fields.deep_contact_inmate_fraud,
    // §4: a deep-contact deposit to the person goes from type straight to checkout (the recipient is known).
    isDeepContactAnswer: (_, params: { answer: StateSaveResponse }) =>
      isDeepContactDeposit(params.answer.fields, params.answer.fields.deposit_type),
    isDeepContactDeposit: ({ context }) => isDeepContactDeposit(context.fields, context.fields.deposit_type),
    /** §2 number step: one of the payer's phone accounts is chosen (a new number comes with number.submit). */
    hasChosenAccount: ({ context }) =>
      context.fields.dest_account_id !== null && context.fields.deposit_phone_no !== '',
    /** A signed-in payer's phone accounts load once, when the number step opens. */
    needsDestAccounts: ({ context }) => context.fields.logged_in && context.destAccounts === null,
    canChooseAccount: ({ context }, params: { accountId: number | null }) =>
      params.accountId === null || (context.destAccounts ?? []).some((a) => a.id === params.accountId),
    // §5/§8: a fraud-flagged account blocks the deposit.
    isAccountFraudFlagged: ({ context }, params: { accountId: number | null }) =>
      (context.destAccounts ?? []).some((a) => a.id === params.accountId && a.fraud_flag),
    // §5: a 10-character new number is checked for a fraud flag.
    needsFraudCheck: (_, params: { phone: string }) => phoneDigits(params.phone).length === 10,
    isFraudFlagged: (_, params: { flag: number }) => params.flag === 1,
    needsFacilityDetails: ({ context }) =>
      context.fields.facility_id !== null && context.facility?.id !== context.fields.facility_id,
    isRecipientType: ({ context }) =>
      context.fields.deposit_type !== '' && RECIPIENT_TYPES.includes(context.fields.deposit_type),
    // §2/§6: the facility offers it here, and trust and bail are not hidden by a non-US billing country
    // or a primary number starting 011 (§5).
    isDepositTypeOffered: ({ context }, params: { depositType: FormFields['deposit_type'] }) =>
      params.depositType !== '' &&
      (context.facility === null || offersType(context.facility, params.depositType)) &&
      !hiddenForPayer(params.depositType, context.fields),
    // §4/§6: choosing trust or bail (where offered) while signed out opens the login-required modal;
    // so does any deposit to a deep-contact person without deep_zuid (§4).
    needsSignInFor: ({ context }, params: { depositType: FormFields['deposit_type'] }) =>
      (needsSignIn(params.depositType) || deepContactNeedsSignIn(context.fields, params.depositType)) &&
      !context.fields.logged_in &&
      params.depositType !== '' &&
      (context.facility === null || offersType(context.facility, params.depositType)) &&
      !hiddenForPayer(params.depositType, context.fields),
    // §5/§8: a fraud-flagged inmate blocks a deposit.
    isInmateSelectable: (_, params: { inmate: Inmate }) => !params.inmate.fraud_flag,
    // §4: a save with errors on the step's fields, or a fraud flag, blocks continuing.
    hasStepErrors: (_, params: { answer: StateSaveResponse; step: EditStep }) =>
      Boolean(params.answer.errors[STEP_KEY[params.step]]) ||
      // The number step also answers on the chosen phone account (another payer's, removed).
      (params.step === 'number' && Boolean(params.answer.errors.dest_account_id)) ||
      Object.values(params.answer.errors).includes(FRAUD_CONTROL_MESSAGE),
    hasDirty: ({ context }) => hasEntries(context.dirty),
    /** Someone asked for a save now (form.save) while a request was in flight: it goes at once. */
    hasWaiters: ({ context }) => context.waiters.length > 0,
  },
  actions: {
    // §4: entering a step hides the error summary of the previous one.
    enterStep: assign((_, params: { route: WizardRoute }) => ({
      requested: params.route,
      showErrors: false,
      failure: null,
    })),
    assignRequested: assign((_, params: { route: WizardRoute | null }) => ({ requested: params.route })),
    assignAskedCountry: assign((_, params: { country: string | null }) => ({ askedCountry: params.country })),
    /**
     * §2 /deposit_facility/:country: the facility step opens on the country its address names. A country
     * other than the saved one is a new choice: its state and facility are cleared and the change is
     * autosaved (§4) like the picker's own, so a reload keeps it.
     */
    followAskedCountry: enqueueActions(({ context, enqueue }) => {
      const country = context.askedCountry;
      enqueue.assign({ askedCountry: null });
      if (!country || country === context.fields.facility_country) return;
      const fields: Partial<FormFields> = { facility_country: country, facility_state: '', facility_id: null };
      // Now, for the picker this step starts; the raised change starts the autosave.
      enqueue.assign({
        fields: { ...context.fields, ...fields },
        dirty: { ...context.dirty, ...fields },
        errors: withoutErrors(context.errors, Object.keys(fields)),
      });
      enqueue.raise({ type: 'form.change', fields });
    }),
    assignFacility: assign((_, params: { facility: Facility }) => ({ facility: params.facility, failure: null })),
    assignFailure: assign((_, params: { error: unknown }) => ({ failure: toCallFailure(params.error).code })),
    clearFailure: assign({ failure: null }),
    assignError: assign(
      (
        { context },
        params: { field: 'facility_id' | 'deposit_type' | 'deposit_inmate_id' | 'deposit_phone_no'; key: string },
      ) => ({
        errors: { ...context.errors, [params.field]: params.key },
      }),
    ),
    /** A choice of the step: into fields and into dirty, so an autosave answer cannot undo it. */
    assignStepFields: assign(({ context }, params: { fields: Partial<FormFields> }) => ({
      fields: { ...context.fields, ...params.fields },
      dirty: { ...context.dirty, ...params.fields },
      errors: withoutErrors(context.errors, Object.keys(params.fields)),
    })),
    /** Continue: the step's fields are saved now, by the autosave (the one writer), which answers here. */
    askStepSave: raise(({ context }, params: { step: EditStep }) => ({
      type: 'form.save' as const,
      fields: stepSaveFields(context, params.step),
      replyTo: SYSTEM.wizard,
    })),
    signalCannotContinue: raise({ type: 'wizard.cannotContinue' }),
    assignSignedIn: assign(({ context }) => ({ fields: { ...context.fields, logged_in: true } })),
    /** The header offers the account from now on (the app keeps whether the payer is signed in). */
    tellAppAccountCreated: enqueueActions(({ enqueue, system }) => {
      tell(enqueue, system, SYSTEM.app, { type: 'app.accountCreated' });
    }),
    assignDestAccounts: assign((_, params: { accounts: DestinationAccount[] }) => ({ destAccounts: params.accounts })),
    // The payer can still type a new number.
    assignDestAccountsFailure: assign((_, params: { error: unknown }) => ({
      destAccounts: [],
      failure: toCallFailure(params.error).code,
    })),
    chooseAccount: assign(({ context }, params: { accountId: number | null }) => {
      const account = (context.destAccounts ?? []).find((a) => a.id === params.accountId) ?? null;
      const fields = phoneFields(account, context.fields.deposit_phone_country || 'US');
      return {
        fields: { ...context.fields, ...fields },
        dirty: { ...context.dirty, ...fields },
        errors: withoutErrors(context.errors, Object.keys(fields)),
      };
    }),
    /** §2 number step: the new number the form sent, into the fields the step saves (no account). */
    assignNewNumber: assign(({ context }, params: { values: NewNumberValues }) => {
      const fields: Partial<FormFields> = {
        dest_account_id: null,
        deposit_phone_country: params.values.deposit_phone_country,
        deposit_phone_no: params.values.deposit_phone_no,
        // A new number drops the old label (contract/dest-deposits.ts).
        ...(params.values.deposit_phone_no === context.fields.deposit_phone_no &&
        context.fields.dest_account_id === null
          ? {}
          : { deposit_phone_no_label: '' }),
      };
      return {
        fields: { ...context.fields, ...fields },
        dirty: { ...context.dirty, ...fields },
        errors: withoutErrors(context.errors, Object.keys(fields)),
      };
    }),
    showErrors: assign({ showErrors: true }),
    assignCheckoutOutput: assign((_, params: { fields: FormFields }) => ({
      fields: params.fields,
      errors: {},
      dirty: {},
    })),
    // §2 'make another': the server cleared the form state.
    assignCleared: assign((_, params: { answer: StateSaveResponse }) => ({
      fields: params.answer.fields,
      errors: params.answer.errors,
      dirty: {},
      facility: null,
      failure: null,
    })),
    assignChange: assign(({ context }, params: { fields: Partial<FormFields> }) => ({
      fields: { ...context.fields, ...params.fields },
      dirty: { ...context.dirty, ...params.fields },
      // §5: server-side errors clear on edit.
      errors: withoutErrors(context.errors, Object.keys(params.fields)),
    })),
    /**
     * `form.save`: `replyTo` waits for the answer of the next request, which holds these fields. An
     * answer it waited for from the request in flight is no longer its (that request had older values).
     */
    addWaiter: assign(({ context }, params: { replyTo: SystemId }) => ({
      waiters: [...context.waiters.filter((w) => w !== params.replyTo), params.replyTo],
      answering: context.answering.filter((w) => w !== params.replyTo),
    })),
    startAutosave: assign(({ context }) => ({
      inFlight: context.dirty,
      dirty: {},
      answering: context.waiters,
      waiters: [],
    })),
    /** Any answer about the form state, by the one function that applies one (wizard-rules.ts). */
    assignAnswer: assign(({ context }, params: { answer: StateSaveResponse }) => ({
      ...applyAnswer(context, params.answer),
      inFlight: {},
    })),
    /**
     * The wizard's copy, once an answer is applied, to whoever waited for it and to the checkout (which
     * shows it); a step of the wizard waits for its own Continue.
     */
    replySaved: enqueueActions(({ context, enqueue, system }, params: { errors: FieldErrors }) => {
      const saved: FormSavedEvent = { type: 'form.saved', answer: { fields: context.fields, errors: params.errors } };
      for (const who of context.answering) {
        if (who === SYSTEM.wizard) enqueue.raise(saved);
        else if (who !== SYSTEM.checkout) tell(enqueue, system, who, saved);
      }
      tell(enqueue, system, SYSTEM.checkout, saved);
      enqueue.assign({ answering: [] });
    }),
    replyFailed: enqueueActions(({ context, enqueue, system }, params: { error: unknown }) => {
      const failed: FormSaveFailedEvent = { type: 'form.saveFailed', error: params.error };
      for (const who of context.answering) {
        if (who === SYSTEM.wizard) enqueue.raise(failed);
        else tell(enqueue, system, who, failed);
      }
      enqueue.assign({ answering: [] });
    }),
    // Typed values stay in context and are sent again with the next change.
    restoreDirty: assign(({ context }, params: { error: unknown }) => ({
      dirty: { ...context.inFlight, ...context.dirty },
      inFlight: {},
      failure: toCallFailure(params.error).code,
    })),
  },
}).createMachine({
  id: 'wizard',
  type: 'parallel',
  context: ({ input }) => ({
    fields: input.fields,
    errors: input.errors,
    dirty: {},
    inFlight: {},
    waiters: [],
    answering: [],
    requested: input.route,
    askedCountry: input.country ?? null,
    facility: null,
    showErrors: false,
    failure: null,
    destAccounts: null,
  }),
  states: {
    step: {
      initial: 'routing',
      on: {
        // A URL or a link asks for a route; the routing guards decide (§4).
        'wizard.navigate': {
          guard: { type: 'isNewRoute', params: ({ event }) => ({ route: event.route, country: event.country }) },
          target: '.routing',
          actions: [
            { type: 'assignRequested', params: ({ event }) => ({ route: event.route }) },
            { type: 'assignAskedCountry', params: ({ event }) => ({ country: event.country ?? null }) },
          ],
        },
        // §4: CHECKOUT_ERROR / the error summary appears when the wizard cannot continue.
        'wizard.cannotContinue': { actions: 'showErrors' },
      },
      states: {
        // §4 guards. A failed guard redirects to the named state or to '/', which for this
        // wizard is the facility step. Facility details are loaded before a step that needs them.
        routing: {
          always: [
            // Receipt requires a deposit_id.
            { guard: and(['isReceiptRequested', 'hasDepositId']), target: 'receipt' },
            { guard: 'isReceiptRequested', target: 'facility' },
            // Checkout: to receipt when a deposit_id exists, to facility without a facility, to
            // type when the recipient is missing.
            { guard: and(['isCheckoutRequested', 'hasDepositId']), target: 'receipt' },
            { guard: and(['isCheckoutRequested', not('hasFacility')]), target: 'facility' },
            { guard: and(['isCheckoutRequested', 'needsFacilityDetails']), target: 'loadingFacility' },
            { guard: and(['isCheckoutRequested', not('hasRecipientOrPhone')]), target: 'type' },
            { guard: 'isCheckoutRequested', target: 'checkout' },
            // Recipient requires a deposit_type of flex, trust or bail, else type.
            { guard: and(['isRecipientRequested', not('hasFacility')]), target: 'facility' },
            { guard: and(['isRecipientRequested', 'needsFacilityDetails']), target: 'loadingFacility' },
            { guard: and(['isRecipientRequested', not('isRecipientType')]), target: 'type' },
            { guard: 'isRecipientRequested', target: 'recipient' },
            // Number requires dest, else type.
            { guard: and(['isNumberRequested', not('hasFacility')]), target: 'facility' },
            { guard: and(['isNumberRequested', 'needsFacilityDetails']), target: 'loadingFacility' },
            { guard: and(['isNumberRequested', not('isDestType')]), target: 'type' },
            { guard: 'isNumberRequested', target: 'number' },
            { guard: and(['isTypeRequested', not('hasFacility')]), target: 'facility' },
            { guard: and(['isTypeRequested', 'needsFacilityDetails']), target: 'loadingFacility' },
            { guard: 'isTypeRequested', target: 'type' },
            { guard: 'isFacilityRequested', target: 'facility' },
            // No route asked for: a finished deposit shows its receipt, anything else starts over.
            { guard: and(['isNothingRequested', 'hasDepositId']), target: 'receipt' },
            { target: 'facility' },
          ],
        },
        loadingFacility: {
          tags: ['loading'],
          invoke: {
            id: 'loadFacility',
            src: 'loadFacility',
            input: ({ context }) => ({ facilityId: context.fields.facility_id ?? 0 }),
            onDone: {
              target: 'routing',
              actions: { type: 'assignFacility', params: ({ event }) => ({ facility: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        facility: facilityStep,
        type: typeStep,
        number: numberStep,
        recipient: recipientStep,
        checkout: checkoutStep,
        receipt: receiptStep,
        /** The facility details could not be loaded. */
        failed: {
          tags: ['error'],
          on: {
            'wizard.retry': { target: 'routing', actions: 'clearFailure' },
          },
        },
      },
    },
    // §4: form changes autosave, throttled at 250 ms: the first change starts the timer, later
    // ones join the same save. This region is the one writer of the server's form state: a step's
    // Continue, the checkout's amount and its submission ask it to save now (form.save), after the
    // request in flight if there is one, and are answered with its copy once the answer is applied.
    autosave: {
      initial: 'idle',
      on: {
        'form.change': { actions: { type: 'assignChange', params: ({ event }) => ({ fields: event.fields }) } },
        'form.save': {
          actions: [
            { type: 'assignChange', params: ({ event }) => ({ fields: event.fields }) },
            { type: 'addWaiter', params: ({ event }) => ({ replyTo: event.replyTo }) },
          ],
        },
        // The form state another call answered with (process_deposit): applied, and shown.
        'form.answered': {
          actions: [
            { type: 'assignAnswer', params: ({ event }) => ({ answer: event.answer }) },
            { type: 'replySaved', params: ({ event }) => ({ errors: event.answer.errors }) },
          ],
        },
      },
      states: {
        idle: {
          on: {
            'form.change': {
              target: 'waiting',
              actions: { type: 'assignChange', params: ({ event }) => ({ fields: event.fields }) },
            },
            'form.save': {
              target: 'saving',
              actions: [
                { type: 'assignChange', params: ({ event }) => ({ fields: event.fields }) },
                { type: 'addWaiter', params: ({ event }) => ({ replyTo: event.replyTo }) },
              ],
            },
          },
        },
        waiting: {
          on: {
            'form.save': {
              target: 'saving',
              actions: [
                { type: 'assignChange', params: ({ event }) => ({ fields: event.fields }) },
                { type: 'addWaiter', params: ({ event }) => ({ replyTo: event.replyTo }) },
              ],
            },
          },
          after: {
            formSaveThrottle: [{ guard: 'hasDirty', target: 'saving' }, { target: 'idle' }],
          },
        },
        saving: {
          entry: 'startAutosave',
          invoke: {
            id: 'autosave',
            src: 'saveFormState',
            input: ({ context }) => ({ fields: context.inFlight }),
            onDone: [
              {
                guard: 'hasWaiters',
                target: 'saving',
                reenter: true,
                actions: [
                  { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
                  { type: 'replySaved', params: ({ event }) => ({ errors: event.output.errors }) },
                ],
              },
              {
                guard: 'hasDirty',
                target: 'waiting',
                actions: [
                  { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
                  { type: 'replySaved', params: ({ event }) => ({ errors: event.output.errors }) },
                ],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
                  { type: 'replySaved', params: ({ event }) => ({ errors: event.output.errors }) },
                ],
              },
            ],
            onError: [
              {
                guard: 'hasWaiters',
                target: 'saving',
                reenter: true,
                actions: [
                  { type: 'restoreDirty', params: ({ event }) => ({ error: event.error }) },
                  { type: 'replyFailed', params: ({ event }) => ({ error: event.error }) },
                ],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'restoreDirty', params: ({ event }) => ({ error: event.error }) },
                  { type: 'replyFailed', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            ],
          },
        },
      },
    },
  },
});

export type WizardSnapshot = SnapshotFrom<typeof wizardMachine>;
