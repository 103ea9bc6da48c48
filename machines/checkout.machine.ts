// deposit.checkout (§2 checkout, §4 checkout amounts / card choice / outcomes, §5, §8).
// A signed-in payer may pay with a saved card (its security code goes to the vault only) and set up a
// recurring deposit with it; a one-time dest deposit may take a roundup. At a pam facility (§2 pam
// variant) the card is taken by an external payment endpoint: after a fees acknowledgement, Next has the
// server sign the deposit's summary, which the screen form-posts there.
import { type SnapshotFrom, and, assign, enqueueActions, fromPromise, not, or, setup, stateIn } from 'xstate';
import { type CheckoutExtrasEvent, checkoutExtrasMachine } from './checkout-extras.machine.ts';
import type { SavedCard, SavedCardsResponse } from '../contract/accounts.ts';
import { cvcError, isCardBrand } from '../contract/cards.ts';
import type { CheckoutResponse, FeesAndRoundupsResponse, StateSaveResponse } from '../contract/api.ts';
import {
  CHECKOUT_SERVICE_ERRORS,
  NO_ROUNDUP_ID,
  RECURRING_DAYS,
  type CheckoutRecurringType,
} from '../contract/checkout-services.ts';
import {
  CHECKOUT_PRESETS,
  DEFAULT_DEPOSIT,
  DELAYS,
  OTHER_AMOUNT_MAX_LENGTH,
  OTHER_PRESET_ID,
} from '../contract/constants.ts';
import { SERVER_OWNED_FIELDS, type FieldErrors, type FormFields, type ReceiptInfo } from '../contract/entities.ts';
import { CLIENT_ERRORS } from '../contract/errors.ts';
import {
  amountError,
  billingSchema,
  MSG,
  collectErrors,
  effectiveLimits,
  guestContactSchema,
  newCardSchema,
  parseAmount,
  termsSchema,
} from '../contract/schemas.ts';
import { type ActorIO, toCallFailure } from './actors.types.ts';
import {
  LIMITS_REFUSALS,
  LIMITS_STATES,
  type LimitsState,
  isCnFound,
  isMaxedOutByFacility,
  serviceLimits,
} from './checkout-limits.ts';
import { isUnifiedWalletTrust } from '../contract/unified-wallet.ts';
import { checkoutErrorKeyOf, checkoutWarningKeyOf, hasEntries, pick, withoutErrors } from './form-fields.ts';
import type {
  CardFields,
  CheckoutContext,
  CheckoutEvent,
  CheckoutInput,
  CheckoutOutcome,
  CheckoutOutput,
  WizardEvent,
} from './wizard.types.ts';

type IO = ActorIO;

export const CARD_KEYS = ['credit_card', 'credit_card_cvc', 'credit_card_month', 'credit_card_year'] as const;
export const EMPTY_CARD: CardFields = {
  credit_card: '',
  credit_card_cvc: '',
  credit_card_month: '',
  credit_card_year: '',
};

const BILLING_KEYS = [
  'billing_first_name',
  'billing_last_name',
  'billing_address1',
  'billing_address2',
  'billing_city',
  'billing_state',
  'billing_zip',
  'billing_country',
] as const satisfies readonly (keyof FormFields)[];
const CONTACT_KEYS = ['email', 'phone_no', 'phone_country'] as const satisfies readonly (keyof FormFields)[];
const TERMS_KEYS = ['terms_1', 'terms_2', 'terms_3', 'terms_4'] as const satisfies readonly (keyof FormFields)[];
const AMOUNT_KEYS = ['deposit_amount', 'deposit_amount_id'] as const satisfies readonly (keyof FormFields)[];
/** The error key of the chosen saved card's security code (a field of this screen only). */
export const SAVED_CVC_FIELD = 'saved_card_cvc';
/** §4 card choice, recurring and roundup: saved with the checkout, re-checked by the server. */
const CHOICE_KEYS = [
  'saved_card_id',
  'recurring_type',
  'recurring_increment',
  'roundups',
  'selected_roundup',
] as const satisfies readonly (keyof FormFields)[];

/** What checkout.change may edit: billing, guest contact and the four terms. */
export const CHECKOUT_CHANGE_KEYS = [...BILLING_KEYS, ...CONTACT_KEYS, ...TERMS_KEYS] as const;
/** What the checkout saves before a deposit; never a card number or security code (architecture). */
export const CHECKOUT_SAVE_KEYS = [
  ...AMOUNT_KEYS,
  ...CHECKOUT_CHANGE_KEYS,
  ...CHOICE_KEYS,
  'card_token',
  'credit_card_month',
  'credit_card_year',
] as const satisfies readonly (keyof FormFields)[];
/** Field errors this screen can show. */
const CHECKOUT_ERROR_KEYS = [...CHECKOUT_SAVE_KEYS, 'credit_card', 'credit_card_cvc', SAVED_CVC_FIELD, 'form'] as const;

/** §2: presets 25, 50, 75, 100, 150 plus 'other'. */
export const PRESET_IDS: readonly string[] = [...CHECKOUT_PRESETS.map(String), OTHER_PRESET_ID];

/** The amount-field message while the fees of a valid amount are still being fetched. */
export const FEES_PENDING = 'CHECKOUT.CALCULATING';

/** The invoke id of the checkout extras (voicemail offers, CPA link); the screen reads it. */
export const EXTRAS_ID = 'extras';

const NO_OUTCOME: CheckoutOutcome = { errorKey: null, warningKey: null, duplicate: null };

// ---------------------------------------------------------------- amount rules (§4, §5)

export interface AmountChoice {
  deposit_amount: number | null;
  deposit_amount_id: string;
  otherAmount: string;
  /** i18n key of the amount rule's message, or null. */
  error: string | null;
  status: 'empty' | 'valid' | 'invalid';
}

function choiceOf(amount: number | null, id: string, otherAmount: string, context: CheckoutContext): AmountChoice {
  const error = amountError(amount, context.limits);
  return { deposit_amount: amount, deposit_amount_id: id, otherAmount, error, status: error ? 'invalid' : 'valid' };
}

/** The 'other' amount as typed: cut to OTHER_AMOUNT_MAX_LENGTH (§5 max 6); empty is no amount yet. */
export function otherChoice(context: CheckoutContext, text: string): AmountChoice {
  const typed = text.slice(0, OTHER_AMOUNT_MAX_LENGTH);
  if (typed.trim() === '') {
    return {
      deposit_amount: null,
      deposit_amount_id: OTHER_PRESET_ID,
      otherAmount: typed,
      error: null,
      status: 'empty',
    };
  }
  const parsed = parseAmount(typed);
  return choiceOf(Number.isNaN(parsed) ? null : parsed, OTHER_PRESET_ID, typed, context);
}

/** §4: choosing a preset other than 'other' clears the custom amount; null for an unknown id. */
export function presetChoice(context: CheckoutContext, id: string): AmountChoice | null {
  if (!PRESET_IDS.includes(id)) return null;
  if (id === OTHER_PRESET_ID) return otherChoice(context, context.otherAmount);
  return choiceOf(Number(id), id, '', context);
}

// ---------------------------------------------------------------- validation and totals

/** §4 card choice: the saved card the payer chose, when it is one of theirs and not expired. */
export function chosenSavedCard(context: Pick<CheckoutContext, 'fields' | 'savedCards'>): SavedCard | null {
  const id = context.fields.saved_card_id;
  return id === null ? null : (context.savedCards.find((c) => c.id === id && !c.expired) ?? null);
}

/** §4: recurring is offered to a signed-in payer who has saved cards (not for bail, paid once). */
export function offersRecurring(context: Pick<CheckoutContext, 'fields' | 'savedCards'>): boolean {
  return context.fields.logged_in && context.fields.deposit_type !== 'bail' && context.savedCards.length > 0;
}

/**
 * §4 pam mode: recurring is "described as bi-weekly on the 1st and 15th"; the endpoint takes and keeps the
 * card, so no saved card is needed. The payer is signed in (§6); bail is paid once (§3).
 */
export function offersPamRecurring(context: Pick<CheckoutContext, 'fields' | 'facility'>): boolean {
  return context.facility.pam_enabled && context.fields.logged_in && context.fields.deposit_type !== 'bail';
}

/** §4/§9: the roundup options beyond "No thanks", for one-time payments only. */
export function roundupOptions(context: Pick<CheckoutContext, 'fields' | 'roundups'>): CheckoutContext['roundups'] {
  if (context.fields.recurring_type !== '') return [];
  return context.roundups.filter((r) => r.id !== NO_ROUNDUP_ID);
}

/** Every client-side error a submit would show (§4 card choice: saved card needs its CVV; new card needs billing, card, contact). */
export function checkoutErrors(context: CheckoutContext): FieldErrors {
  const { fields } = context;
  // The fees of the amount must be known (fee is set only while the fees region is `ready`).
  const amount =
    amountError(fields.deposit_amount, context.limits) ??
    (context.fee === null ? (context.feeFailure ?? FEES_PENDING) : null);
  const saved = fields.saved_card_id !== null;
  const savedCard = chosenSavedCard(context);
  // §5: the saved card's security code has the length of its brand (contract/cards.ts).
  const savedCvcError = cvcError(
    context.savedCvc.trim(),
    savedCard && isCardBrand(savedCard.card_type) ? savedCard.card_type : null,
  );
  const recurring: FieldErrors = {};
  if (fields.recurring_type !== '') {
    if (!saved) recurring.recurring_type = CHECKOUT_SERVICE_ERRORS.recurringNeedsSavedCard;
    if (fields.recurring_increment === null) recurring.recurring_increment = MSG.required;
  }
  return {
    ...(amount ? { deposit_amount: amount } : {}),
    ...(saved
      ? {
          ...(savedCard ? {} : { saved_card_id: MSG.invalid }),
          ...(savedCvcError ? { [SAVED_CVC_FIELD]: savedCvcError } : {}),
        }
      : {
          ...collectErrors(newCardSchema, { ...context.card }),
          ...collectErrors(billingSchema, pick(fields, BILLING_KEYS)),
        }),
    ...recurring,
    ...(fields.logged_in ? {} : collectErrors(guestContactSchema, pick(fields, CONTACT_KEYS))),
    ...collectErrors(termsSchema, pick(fields, TERMS_KEYS)),
  };
}

/** The error key of the pam variant's fees acknowledgement (a field of this screen only). */
export const PAM_ACK_FIELD = 'fees_acknowledged';

/** §2 pam variant: the amount with its fees known, and the fees acknowledged; the card is the endpoint's. */
export function pamErrors(context: CheckoutContext): FieldErrors {
  const amount =
    amountError(context.fields.deposit_amount, context.limits) ??
    (context.fee === null ? (context.feeFailure ?? FEES_PENDING) : null);
  return {
    ...(amount ? { deposit_amount: amount } : {}),
    ...(context.feesAcknowledged ? {} : { [PAM_ACK_FIELD]: MSG.terms }),
  };
}

export const FEES_STATES = [
  'idle',
  'waiting',
  'savingAmount',
  'loading',
  'ready',
  'outOfBounds',
  'failed',
  'timedOut',
] as const;
export type FeesState = (typeof FEES_STATES)[number];

export interface CheckoutTotals {
  amount: number;
  fee: number | null;
  tax: number | null;
  /** amount + fee + tax once the fees are known; 0 otherwise (§4: 0 when out of bounds). */
  total: number;
  /** The summary shows its loading state (§2 "until calculated"). */
  calculating: boolean;
}

/** The payment summary of §2; the screen shows these figures and computes none. */
export function checkoutTotals(
  context: Pick<CheckoutContext, 'fields' | 'fee' | 'tax' | 'total' | 'roundups'>,
  feesState: FeesState | null,
): CheckoutTotals {
  const amount = context.fields.deposit_amount ?? 0;
  if (feesState === 'ready' && context.fee !== null && context.total !== null) {
    // §4: a picked roundup replaces amount, fees and total with its own figures. Totals are the
    // server's, added up in cents (contract/format.ts): the client adds no money.
    const id = context.fields.roundups ? context.fields.selected_roundup?.id : undefined;
    const picked = context.roundups.find((r) => r.id === id && r.id !== NO_ROUNDUP_ID);
    return picked
      ? { amount: picked.roundup_amount, fee: picked.fee, tax: picked.tax, total: picked.total, calculating: false }
      : { amount, fee: context.fee, tax: context.tax ?? 0, total: context.total, calculating: false };
  }
  const calculating = feesState === 'waiting' || feesState === 'savingAmount' || feesState === 'loading';
  return { amount, fee: null, tax: null, total: 0, calculating };
}

function receiptOf(answer: CheckoutResponse): ReceiptInfo | null {
  return answer.cached_deposit_info ?? answer.form_state.cached_deposit_info;
}

/** Fields of a save answer this machine takes: what it sent, and what only the server writes. */
function savedFields(current: FormFields, answer: FormFields, sent: readonly (keyof FormFields)[]): FormFields {
  return { ...current, ...pick(answer, [...sent, ...SERVER_OWNED_FIELDS]) };
}

/** The form-state copy of a roundup option. */
function selectedOf(option: CheckoutContext['roundups'][number]): NonNullable<FormFields['selected_roundup']> {
  const { id, amount, roundup_amount, roundup_diff, fee, tax } = option;
  return { id, amount, roundup_amount, roundup_diff, fee, tax };
}

// ---------------------------------------------------------------- machine

export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    output: {} as CheckoutOutput,
  },
  actors: {
    saveFormState: fromPromise<IO['saveFormState']['output'], IO['saveFormState']['input']>(async () => {
      throw new Error('actor saveFormState not provided');
    }),
    getFees: fromPromise<IO['getFees']['output'], IO['getFees']['input']>(async () => {
      throw new Error('actor getFees not provided');
    }),
    tokenizeCard: fromPromise<IO['tokenizeCard']['output'], IO['tokenizeCard']['input']>(async () => {
      throw new Error('actor tokenizeCard not provided');
    }),
    processDeposit: fromPromise<IO['processDeposit']['output'], IO['processDeposit']['input']>(async () => {
      throw new Error('actor processDeposit not provided');
    }),
    loadSavedCards: fromPromise<IO['loadSavedCards']['output'], IO['loadSavedCards']['input']>(async () => {
      throw new Error('actor loadSavedCards not provided');
    }),
    tokenizeSavedCard: fromPromise<IO['tokenizeSavedCard']['output'], IO['tokenizeSavedCard']['input']>(async () => {
      throw new Error('actor tokenizeSavedCard not provided');
    }),
    preparePamDeposit: fromPromise<IO['preparePamDeposit']['output'], IO['preparePamDeposit']['input']>(async () => {
      throw new Error('actor preparePamDeposit not provided');
    }),
    /** Voicemail offers and the CPA link (docs/decisions/0015), beside the checkout's own regions. */
    checkoutExtrasMachine,
    postPamPayload: fromPromise<IO['postPamPayload']['output'], IO['postPamPayload']['input']>(async () => {
      throw new Error('actor postPamPayload not provided');
    }),
    isApprovedDepositor: fromPromise<IO['isApprovedDepositor']['output'], IO['isApprovedDepositor']['input']>(
      async () => {
        throw new Error('actor isApprovedDepositor not provided');
      },
    ),
    getCnInmate: fromPromise<IO['getCnInmate']['output'], IO['getCnInmate']['input']>(async () => {
      throw new Error('actor getCnInmate not provided');
    }),
    getAllowedMinMax: fromPromise<IO['getAllowedMinMax']['output'], IO['getAllowedMinMax']['input']>(async () => {
      throw new Error('actor getAllowedMinMax not provided');
    }),
  },
  delays: {
    feeThrottle: DELAYS.feeThrottle,
    feesTimeout: DELAYS.feesTimeout,
  },
  guards: {
    /** The amount cannot change once a deposit is under way (tokenizing, saving, submitting, warning). */
    isDepositUnderWay: not(stateIn('#checkout.active.form.editing')),
    /** §4/§5: no amount is taken until the limits are settled (and none at all when maxed out or refused). */
    areLimitsUnsettled: not(stateIn('#checkout.active.limits.ready')),
    areLimitsReady: stateIn('#checkout.active.limits.ready'),
    /** §5: unified-wallet trust is checked before any amount. */
    isUnifiedWalletTrust: ({ context }) => isUnifiedWalletTrust(context.fields),
    /** §4: unified wallet with the facility's limits unusable. */
    isMaxedOutByFacility: ({ context }) => isMaxedOutByFacility(context),
    isApproved: (_, params: { answer: IO['isApprovedDepositor']['output'] }) => params.answer.approvedDepositor,
    isCnFraud: (_, params: { answer: IO['getCnInmate']['output'] }) =>
      isCnFound(params.answer) && params.answer.fraud_flag,
    isCnFound: (_, params: { answer: IO['getCnInmate']['output'] }) => isCnFound(params.answer),
    areServiceLimitsUnusable: (_, params: { answer: IO['getAllowedMinMax']['output'] }) =>
      serviceLimits(params.answer) === null,
    isAmountEmpty: (_, params: { choice: AmountChoice | null }) => params.choice?.status === 'empty',
    isAmountValid: (_, params: { choice: AmountChoice | null }) => params.choice?.status === 'valid',
    isAmountInvalid: (_, params: { choice: AmountChoice | null }) => params.choice?.status === 'invalid',
    hasValidAmount: ({ context }) => amountError(context.fields.deposit_amount, context.limits) === null,
    hasAmountError: (_, params: { answer: StateSaveResponse }) => Boolean(params.answer.errors.deposit_amount),
    isCheckoutValid: ({ context }) => !hasEntries(checkoutErrors(context)),
    hasAnswerErrors: (_, params: { answer: StateSaveResponse }) =>
      hasEntries(pick(params.answer.errors, CHECKOUT_ERROR_KEYS)),
    isDepositSuccess: (_, params: { answer: CheckoutResponse }) =>
      params.answer.success && receiptOf(params.answer) !== null,
    isDepositWarning: (_, params: { answer: CheckoutResponse }) => Boolean(params.answer.warning),
    /** §4/§8 trust block: the billing state may not make trust deposits (the mismatch modal). */
    isTrustMismatch: (_, params: { answer: CheckoutResponse }) =>
      params.answer.error === 'FIELD_NO_TRUST' || params.answer.errors.billing_state === 'ERROR.FIELD_NO_TRUST',
    isSignedIn: ({ context }) => context.fields.logged_in,
    /** §2: the pam variant at a pam-enabled facility. */
    isPam: ({ context }) => context.facility.pam_enabled,
    /** §6: in pam mode an account is required. */
    isPamGuest: ({ context }) => context.facility.pam_enabled && !context.fields.logged_in,
    isPamReady: ({ context }) => !hasEntries(pamErrors(context)),
    usesSavedCard: ({ context }) => context.fields.saved_card_id !== null,
    /** §4: the amount's fees are on their way (the throttle, the amount's save or the fees call). */
    areFeesPending: or([
      stateIn('#checkout.active.fees.waiting'),
      stateIn('#checkout.active.fees.savingAmount'),
      stateIn('#checkout.active.fees.loading'),
    ]),
    /** Every field is in order; only the fees of the amount are not known yet. */
    /** §2 pam variant: everything ready but the fees of the amount, still being calculated. */
    isPamValidButForFees: ({ context }) => {
      const errors = pamErrors(context);
      return errors.deposit_amount === FEES_PENDING && Object.keys(errors).length === 1;
    },
    isValidButForFees: ({ context }) => {
      const errors = checkoutErrors(context);
      return errors.deposit_amount === FEES_PENDING && Object.keys(errors).length === 1;
    },
    /** §4 card choice: a new card (null), or one of the payer's saved cards that has not expired. */
    canChooseCard: ({ context }, params: { id: number | null }) =>
      params.id === null ||
      (context.fields.logged_in && context.savedCards.some((c) => c.id === params.id && !c.expired)),
    canSetRecurring: ({ context }, params: { recurringType: CheckoutRecurringType }) =>
      params.recurringType === '' || offersRecurring(context),
    canSetPamRecurring: ({ context }, params: { biweekly: boolean }) => !params.biweekly || offersPamRecurring(context),
    /** §9: weekly days 0 to 6, monthly days 1 to 28. */
    isRecurringDay: ({ context }, params: { day: number }) => {
      const type = context.fields.recurring_type;
      if (type === '' || !Number.isInteger(params.day)) return false;
      return params.day >= RECURRING_DAYS[type].min && params.day <= RECURRING_DAYS[type].max;
    },
    isRoundupOffered: ({ context }, params: { id: number }) =>
      params.id === NO_ROUNDUP_ID || roundupOptions(context).some((r) => r.id === params.id),
  },
  actions: {
    assignAmount: assign(({ context }, params: { choice: AmountChoice | null }) => {
      const { choice } = params;
      if (!choice) return {};
      const errors = withoutErrors(context.errors, ['deposit_amount']);
      return {
        // A new amount has new roundup options: the pick is undone until the payer picks again.
        fields: {
          ...context.fields,
          deposit_amount: choice.deposit_amount,
          deposit_amount_id: choice.deposit_amount_id,
          roundups: false,
          selected_roundup: null,
        },
        roundups: [],
        otherAmount: choice.otherAmount,
        errors: choice.error ? { ...errors, deposit_amount: choice.error } : errors,
      };
    }),
    // §4: out of bounds (or no amount) turns roundups off; the total is then 0.
    clearFees: assign({ fee: null, tax: null, total: null, roundups: [] }),
    clearFee: assign({ fee: null, tax: null, total: null }),
    clearFeeFailure: assign({ feeFailure: null }),
    assignAmountAnswer: assign(({ context }, params: { answer: StateSaveResponse }) => {
      const errors = withoutErrors(context.errors, ['deposit_amount']);
      const serverError = params.answer.errors.deposit_amount;
      return {
        fields: savedFields(context.fields, params.answer.fields, AMOUNT_KEYS),
        errors: serverError ? { ...errors, deposit_amount: serverError } : errors,
      };
    }),
    assignFees: assign(({ context }, params: { answer: FeesAndRoundupsResponse }) => {
      const picked = context.fields.selected_roundup;
      const option = picked ? params.answer.roundups.find((r) => r.id === picked.id && r.id !== NO_ROUNDUP_ID) : null;
      return {
        fee: params.answer.original_deposit_best_fee.fee,
        tax: params.answer.original_deposit_best_fee.tax,
        total: params.answer.original_deposit_best_fee.total,
        roundups: params.answer.roundups,
        feeFailure: null,
        // A pick kept from before (a reload) stands only while its option is still offered.
        fields: option
          ? { ...context.fields, roundups: true, selected_roundup: selectedOf(option) }
          : { ...context.fields, roundups: false, selected_roundup: null },
      };
    }),
    assignSavedCards: assign((_, params: { answer: SavedCardsResponse }) => ({
      savedCards: params.answer.credit_cards,
      savedCardsFailure: null,
    })),
    assignSavedCardsFailure: assign((_, params: { error: unknown }) => ({
      savedCardsFailure: toCallFailure(params.error).code,
    })),
    chooseCard: assign(({ context }, params: { id: number | null }) => ({
      fields: { ...context.fields, saved_card_id: params.id },
      savedCvc: '',
      errors: withoutErrors(context.errors, ['saved_card_id', SAVED_CVC_FIELD, 'recurring_type']),
    })),
    assignSavedCvc: assign(({ context }, params: { cvc: string }) => ({
      savedCvc: params.cvc.slice(0, 4),
      errors: withoutErrors(context.errors, [SAVED_CVC_FIELD]),
    })),
    // §4: picking weekly or monthly waits for its day and selects "No thanks" among the roundups;
    // one-time ('') empties the increment.
    setRecurringType: assign(({ context }, params: { recurringType: CheckoutRecurringType }) => ({
      fields: {
        ...context.fields,
        recurring_type: params.recurringType,
        recurring_increment: null,
        ...(params.recurringType === '' ? {} : { roundups: false, selected_roundup: null }),
      },
      errors: withoutErrors(context.errors, ['recurring_type', 'recurring_increment', 'selected_roundup']),
    })),
    setRecurringDay: assign(({ context }, params: { day: number }) => ({
      fields: { ...context.fields, recurring_increment: params.day },
      errors: withoutErrors(context.errors, ['recurring_increment']),
    })),
    // §4: a roundup replaces amount, fees and total and clears any recurring setting; "No thanks"
    // restores the originals.
    pickRoundup: assign(({ context }, params: { id: number }) => {
      const option = context.roundups.find((r) => r.id === params.id && r.id !== NO_ROUNDUP_ID);
      return {
        fields: option
          ? {
              ...context.fields,
              roundups: true,
              selected_roundup: selectedOf(option),
              recurring_type: '' as const,
              recurring_increment: null,
            }
          : { ...context.fields, roundups: false, selected_roundup: null },
        errors: withoutErrors(context.errors, ['selected_roundup', 'recurring_type', 'recurring_increment']),
      };
    }),
    assignFeeFailure: assign((_, params: { error: unknown }) => ({ feeFailure: toCallFailure(params.error).code })),
    // §7: a fees request over 30 s is reported as a timeout.
    assignFeesTimeout: assign({ feeFailure: CLIENT_ERRORS.feesTimeout }),
    assignChange: assign(({ context }, params: { fields: Partial<FormFields> }) => ({
      fields: { ...context.fields, ...params.fields },
      // §5: server-side errors clear on edit.
      errors: withoutErrors(context.errors, Object.keys(params.fields)),
    })),
    // Card data stays here: never sent to the parent nor saved (architecture: card vault).
    assignCard: assign(({ context }, params: { card: Partial<CardFields> }) => ({
      card: { ...context.card, ...params.card },
      errors: withoutErrors(context.errors, Object.keys(params.card)),
    })),
    /** The wizard autosaves what the payer types (§4, throttled 250 ms there). */
    reportChange: enqueueActions(({ enqueue, self }, params: { fields: Partial<FormFields> }) => {
      if (!self._parent || !hasEntries(params.fields)) return;
      const change: WizardEvent = { type: 'form.change', fields: params.fields };
      enqueue.sendParent(change);
    }),
    /**
     * Keeps the wizard's copy of the form state true after a save here. `saved` names the fields this
     * save sent: the wizard's unsaved edits of other fields stay unsaved (and are saved by its autosave).
     */
    reportSaved: enqueueActions(
      ({ enqueue, self }, params: { fields: FormFields; saved: readonly (keyof FormFields)[] }) => {
        if (!self._parent) return;
        const event: WizardEvent = { type: 'checkout.saved', fields: params.fields, saved: params.saved };
        enqueue.sendParent(event);
      },
    ),
    // §4: CHECKOUT_ERROR banner; the screen focuses the error summary.
    showValidationErrors: assign(({ context }) => ({
      errors: { ...context.errors, ...checkoutErrors(context) },
      showErrors: true,
    })),
    showErrors: assign({ showErrors: true }),
    startSubmit: assign({ errors: {}, showErrors: false, outcome: NO_OUTCOME, confirmDuplicate: false }),
    assignToken: assign(({ context }, params: { token: IO['tokenizeCard']['output'] }) => ({
      fields: {
        ...context.fields,
        card_token: params.token.token,
        credit_card_month: params.token.exp_month,
        credit_card_year: params.token.exp_year,
      },
    })),
    assignCheckoutAnswer: assign(({ context }, params: { answer: StateSaveResponse }) => ({
      fields: savedFields(context.fields, params.answer.fields, CHECKOUT_SAVE_KEYS),
      errors: pick(params.answer.errors, CHECKOUT_ERROR_KEYS),
    })),
    /** A failed call: field errors of a 400 go onto the fields, anything else is the banner. */
    assignCallFailure: assign(({ context }, params: { error: unknown }) => {
      const failure = toCallFailure(params.error);
      // A form-level error alone (a 429 of the per-client limits, docs/decisions/0039) is the banner too.
      const { form: formError, ...onFields } = failure.errors;
      const fieldErrors = hasEntries(onFields);
      const { credit_card_cvc: cvcError, ...others } = onFields;
      // A saved card's security code is typed in its own field.
      const errors =
        cvcError && context.fields.saved_card_id !== null ? { ...others, [SAVED_CVC_FIELD]: cvcError } : onFields;
      return {
        errors: { ...context.errors, ...errors },
        outcome: { ...NO_OUTCOME, errorKey: fieldErrors ? null : (formError ?? failure.code) },
        showErrors: true,
        confirmDuplicate: false,
      };
    }),
    assignSuccess: assign((_, params: { answer: CheckoutResponse }) => ({
      fields: { ...params.answer.form_state, cached_deposit_info: receiptOf(params.answer) },
      outcome: NO_OUTCOME,
      confirmDuplicate: false,
    })),
    // §4/§8: a duplicate-transaction warning shows the last deposit's amount and time.
    assignWarning: assign((_, params: { answer: CheckoutResponse }) => ({
      outcome: {
        errorKey: null,
        warningKey: checkoutWarningKeyOf(params.answer.warning),
        duplicate: params.answer.duplicate,
      },
    })),
    // §8: the server cleared the card token; the card as typed stays, so the payer loses nothing.
    assignDepositError: assign(({ context }, params: { answer: CheckoutResponse }) => {
      const errors = pick(params.answer.errors, CHECKOUT_ERROR_KEYS);
      return {
        fields: { ...params.answer.form_state, cached_deposit_info: context.fields.cached_deposit_info },
        errors,
        outcome: { ...NO_OUTCOME, errorKey: checkoutErrorKeyOf(params.answer.error) },
        showErrors: hasEntries(errors),
        confirmDuplicate: false,
      };
    }),
    confirmDuplicate: assign({ confirmDuplicate: true }),
    assignFeesAcknowledged: assign(({ context }, params: { value: boolean }) => ({
      feesAcknowledged: params.value,
      errors: withoutErrors(context.errors, [PAM_ACK_FIELD]),
    })),
    setPamRecurring: assign(({ context }, params: { biweekly: boolean }) => ({
      pamRecurring: params.biweekly,
      errors: withoutErrors(context.errors, ['recurring_type']),
    })),
    showPamErrors: assign(({ context }) => ({
      errors: { ...context.errors, ...pamErrors(context) },
      showErrors: true,
    })),
    assignPamPayload: assign(({ context }, params: { answer: IO['preparePamDeposit']['output'] }) => ({
      pam: { payload: params.answer.pam_payload, payUrl: params.answer.pay_url },
      fields: { ...context.fields, ...pick(params.answer.fields, [...AMOUNT_KEYS, ...SERVER_OWNED_FIELDS]) },
    })),
    /** §4: "change type" in the mismatch modal takes the payer back to the type step. */
    askForAnotherType: enqueueActions(({ enqueue, self }) => {
      if (!self._parent) return;
      const back: WizardEvent = { type: 'wizard.navigate', route: 'type' };
      enqueue.sendParent(back);
    }),
    dismissOutcome: assign({ outcome: NO_OUTCOME, confirmDuplicate: false }),
    assignLimitsRefusal: assign((_, params: { key: string }) => ({ limitsRefusal: params.key })),
    assignLimitsFailure: assign((_, params: { error: unknown }) => ({
      limitsRefusal: toCallFailure(params.error).code,
    })),
    clearLimitsRefusal: assign({ limitsRefusal: null }),
    /** §5: the service's min and max become the limits. */
    assignServiceLimits: assign(({ context }, params: { answer: IO['getAllowedMinMax']['output'] }) => ({
      limits: serviceLimits(params.answer) ?? context.limits,
    })),
    // §4 maxed out: presets cleared, amount 0, no fees nor roundups.
    clearForMaxedOut: assign(({ context }) => ({
      fields: {
        ...context.fields,
        deposit_amount: 0,
        deposit_amount_id: '',
        roundups: false,
        selected_roundup: null,
      },
      otherAmount: '',
      fee: null,
      tax: null,
      total: null,
      roundups: [],
      errors: withoutErrors(context.errors, ['deposit_amount', 'deposit_amount_id']),
    })),
    /** §9 default deposit 25: the preset, when nothing is chosen and the limits allow it. */
    chooseDefaultAmount: enqueueActions(({ context, enqueue }) => {
      if (context.fields.deposit_amount_id !== '' || context.fields.deposit_amount !== null) return;
      const id = String(DEFAULT_DEPOSIT);
      if (presetChoice(context, id)?.status !== 'valid') return;
      enqueue.raise({ type: 'amount.preset', id });
    }),
    /** §9 cpastates: the CPA link follows the billing state (checkout-extras.machine.ts). */
    forwardBillingState: enqueueActions(({ enqueue }, params: { fields: Partial<FormFields> }) => {
      const state = params.fields.billing_state;
      if (state === undefined) return;
      const event: CheckoutExtrasEvent = { type: 'extras.billingState', state };
      enqueue.sendTo(EXTRAS_ID, event);
    }),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => {
    const { fields, facility } = input;
    return {
      fields,
      facility,
      limits: effectiveLimits(facility),
      otherAmount:
        fields.deposit_amount_id === OTHER_PRESET_ID && fields.deposit_amount !== null
          ? String(fields.deposit_amount)
          : '',
      card: EMPTY_CARD,
      fee: null,
      tax: null,
      total: null,
      roundups: [],
      errors: {},
      showErrors: false,
      outcome: NO_OUTCOME,
      feeFailure: null,
      confirmDuplicate: false,
      savedCards: [],
      savedCvc: '',
      savedCardsFailure: null,
      feesAcknowledged: false,
      pamRecurring: false,
      pam: null,
      limitsRefusal: null,
    };
  },
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      invoke: {
        id: EXTRAS_ID,
        src: 'checkoutExtrasMachine',
        input: ({ context }) => ({ fields: context.fields }),
      },
      on: {
        'checkout.change': {
          actions: [
            { type: 'assignChange', params: ({ event }) => ({ fields: pick(event.fields, CHECKOUT_CHANGE_KEYS) }) },
            { type: 'reportChange', params: ({ event }) => ({ fields: pick(event.fields, CHECKOUT_CHANGE_KEYS) }) },
            {
              type: 'forwardBillingState',
              params: ({ event }) => ({ fields: pick(event.fields, CHECKOUT_CHANGE_KEYS) }),
            },
          ],
        },
        'card.change': {
          actions: { type: 'assignCard', params: ({ event }) => ({ card: pick(event.card, CARD_KEYS) }) },
        },
      },
      states: {
        // §4/§5: the amounts the payer may choose (machines/checkout-limits.ts).
        limits: {
          initial: 'resolving',
          states: {
            resolving: {
              entry: 'clearLimitsRefusal',
              always: [
                { guard: 'isUnifiedWalletTrust', target: 'checkingDepositor' },
                { guard: 'isMaxedOutByFacility', target: 'maxedOut' },
                { target: 'ready' },
              ],
            },
            // §5: approved depositor first (NOT_APPROVED_DEPOSITOR_MSG).
            checkingDepositor: {
              invoke: {
                id: 'isApprovedDepositor',
                src: 'isApprovedDepositor',
                input: ({ context }) => ({
                  como_facility_id: context.fields.como_facility_id,
                  inmate_id: context.fields.deposit_inmate_id,
                }),
                onDone: [
                  {
                    guard: { type: 'isApproved', params: ({ event }) => ({ answer: event.output }) },
                    target: 'checkingInmate',
                  },
                  {
                    target: 'refused',
                    actions: { type: 'assignLimitsRefusal', params: { key: LIMITS_REFUSALS.notApproved } },
                  },
                ],
                onError: {
                  target: 'failed',
                  actions: { type: 'assignLimitsFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            // §5: the inmate lookup must answer returnCode 0 and no fraud flag.
            checkingInmate: {
              invoke: {
                id: 'getCnInmate',
                src: 'getCnInmate',
                input: ({ context }) => ({
                  como_facility_id: context.fields.como_facility_id,
                  inmate_id: context.fields.deposit_inmate_id,
                  como_service_id: context.fields.como_service_id,
                }),
                onDone: [
                  {
                    guard: { type: 'isCnFraud', params: ({ event }) => ({ answer: event.output }) },
                    target: 'refused',
                    actions: { type: 'assignLimitsRefusal', params: { key: LIMITS_REFUSALS.fraud } },
                  },
                  {
                    guard: { type: 'isCnFound', params: ({ event }) => ({ answer: event.output }) },
                    target: 'loadingLimits',
                  },
                  {
                    target: 'refused',
                    actions: { type: 'assignLimitsRefusal', params: { key: LIMITS_REFUSALS.lookupFailed } },
                  },
                ],
                onError: {
                  target: 'failed',
                  actions: { type: 'assignLimitsFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            // §5: min and max come from the service.
            loadingLimits: {
              invoke: {
                id: 'getAllowedMinMax',
                src: 'getAllowedMinMax',
                input: ({ context }) => ({
                  como_facility_id: context.fields.como_facility_id,
                  inmate_id: context.fields.deposit_inmate_id,
                  como_service_id: context.fields.como_service_id,
                }),
                onDone: [
                  {
                    guard: { type: 'areServiceLimitsUnusable', params: ({ event }) => ({ answer: event.output }) },
                    target: 'maxedOut',
                  },
                  {
                    target: 'ready',
                    actions: { type: 'assignServiceLimits', params: ({ event }) => ({ answer: event.output }) },
                  },
                ],
                onError: {
                  target: 'failed',
                  actions: { type: 'assignLimitsFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            // §9: the default deposit is chosen when no amount is yet (and the limits allow it).
            ready: { entry: 'chooseDefaultAmount' },
            /** §4 maxed out: no amount, no summary, a Back button; nothing can be submitted. */
            maxedOut: { entry: 'clearForMaxedOut' },
            /** §5: not approved, fraud-flagged or not found: the message, and Back. */
            refused: {},
            failed: { on: { 'limits.retry': 'resolving' } },
          },
        },
        fees: {
          initial: 'idle',
          // The amount events live on this region, not on `active`: a transition from `active`
          // into one region would exit and re-enter the other one too (and stop a submit).
          // While a deposit is under way the first candidate takes the event and does nothing.
          on: {
            // §4: choosing a preset other than 'other' clears the custom amount.
            'amount.preset': [
              { guard: or(['isDepositUnderWay', 'areLimitsUnsettled']) },
              {
                guard: {
                  type: 'isAmountEmpty',
                  params: ({ context, event }) => ({ choice: presetChoice(context, event.id) }),
                },
                target: '.idle',
                actions: {
                  type: 'assignAmount',
                  params: ({ context, event }) => ({ choice: presetChoice(context, event.id) }),
                },
              },
              {
                guard: {
                  type: 'isAmountValid',
                  params: ({ context, event }) => ({ choice: presetChoice(context, event.id) }),
                },
                target: '.waiting',
                actions: {
                  type: 'assignAmount',
                  params: ({ context, event }) => ({ choice: presetChoice(context, event.id) }),
                },
              },
              {
                guard: {
                  type: 'isAmountInvalid',
                  params: ({ context, event }) => ({ choice: presetChoice(context, event.id) }),
                },
                target: '.outOfBounds',
                actions: {
                  type: 'assignAmount',
                  params: ({ context, event }) => ({ choice: presetChoice(context, event.id) }),
                },
              },
            ],
            // §5: the typed amount, at most 6 characters.
            'amount.other': [
              { guard: or(['isDepositUnderWay', 'areLimitsUnsettled']) },
              {
                guard: {
                  type: 'isAmountEmpty',
                  params: ({ context, event }) => ({ choice: otherChoice(context, event.text) }),
                },
                target: '.idle',
                actions: {
                  type: 'assignAmount',
                  params: ({ context, event }) => ({ choice: otherChoice(context, event.text) }),
                },
              },
              {
                guard: {
                  type: 'isAmountValid',
                  params: ({ context, event }) => ({ choice: otherChoice(context, event.text) }),
                },
                target: '.waiting',
                actions: {
                  type: 'assignAmount',
                  params: ({ context, event }) => ({ choice: otherChoice(context, event.text) }),
                },
              },
              {
                guard: {
                  type: 'isAmountInvalid',
                  params: ({ context, event }) => ({ choice: otherChoice(context, event.text) }),
                },
                target: '.outOfBounds',
                actions: {
                  type: 'assignAmount',
                  params: ({ context, event }) => ({ choice: otherChoice(context, event.text) }),
                },
              },
            ],
          },
          states: {
            /** No valid amount yet. */
            idle: {
              entry: 'clearFees',
              always: { guard: and(['hasValidAmount', 'areLimitsReady']), target: 'waiting' },
            },
            waiting: {
              entry: 'clearFeeFailure',
              after: { feeThrottle: 'savingAmount' },
            },
            // §4: the amount is saved, then fees and roundups fetched.
            savingAmount: {
              invoke: {
                id: 'saveAmount',
                src: 'saveFormState',
                input: ({ context }) => ({ fields: pick(context.fields, AMOUNT_KEYS) }),
                onDone: [
                  {
                    guard: { type: 'hasAmountError', params: ({ event }) => ({ answer: event.output }) },
                    target: 'outOfBounds',
                    actions: [
                      { type: 'assignAmountAnswer', params: ({ event }) => ({ answer: event.output }) },
                      {
                        type: 'reportSaved',
                        params: ({ context }) => ({ fields: context.fields, saved: AMOUNT_KEYS }),
                      },
                    ],
                  },
                  {
                    target: 'loading',
                    actions: [
                      { type: 'assignAmountAnswer', params: ({ event }) => ({ answer: event.output }) },
                      {
                        type: 'reportSaved',
                        params: ({ context }) => ({ fields: context.fields, saved: AMOUNT_KEYS }),
                      },
                    ],
                  },
                ],
                onError: {
                  target: 'failed',
                  actions: { type: 'assignFeeFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            loading: {
              invoke: {
                id: 'getFees',
                src: 'getFees',
                input: ({ context }) => ({
                  facilityId: context.facility.id,
                  depositType: context.fields.deposit_type,
                  amount: context.fields.deposit_amount ?? 0,
                  // §7: unified_wallet_flag and oc_facility_id in unified-wallet mode (no roundups, §9).
                  ...(context.fields.unified_wallet_enabled
                    ? { unifiedWallet: true, ocFacilityId: context.fields.oc_facility_id }
                    : {}),
                }),
                onDone: {
                  target: 'ready',
                  actions: { type: 'assignFees', params: ({ event }) => ({ answer: event.output }) },
                },
                onError: {
                  target: 'failed',
                  actions: { type: 'assignFeeFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
              after: { feesTimeout: { target: 'timedOut', actions: 'assignFeesTimeout' } },
            },
            /** Fee and tax known: context.fee is non-null exactly while here. */
            ready: {
              exit: 'clearFee',
            },
            // §4: amount out of bounds: roundups off, total 0.
            outOfBounds: {
              entry: 'clearFees',
            },
            failed: {
              on: { 'fees.retry': 'waiting' },
            },
            timedOut: {
              on: { 'fees.retry': 'waiting' },
            },
          },
        },
        // §4 card choice: a signed-in payer's saved cards.
        savedCards: {
          initial: 'none',
          states: {
            /** A guest: new card only. A signed-in payer's cards load at once. */
            none: {
              always: { guard: 'isSignedIn', target: 'loading' },
            },
            loading: {
              invoke: {
                id: 'loadSavedCards',
                src: 'loadSavedCards',
                onDone: {
                  target: 'ready',
                  actions: { type: 'assignSavedCards', params: ({ event }) => ({ answer: event.output }) },
                },
                onError: {
                  target: 'failed',
                  actions: { type: 'assignSavedCardsFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            ready: {},
            /** A new card can still be used. */
            failed: { on: { 'savedCards.retry': 'loading' } },
          },
        },
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'checkout.submit': [
                  // §4/§5: nothing to submit before the limits are settled, nor when maxed out or refused.
                  { guard: 'areLimitsUnsettled' },
                  // §2 pam variant (§6: an account is required).
                  { guard: 'isPamGuest', target: 'pamNeedsAccount' },
                  { guard: and(['isPam', 'isPamReady']), target: 'preparingPam', actions: 'startSubmit' },
                  // Next just after the amount changed: on once its fees are known, as below.
                  {
                    guard: and(['isPam', 'isPamValidButForFees', 'areFeesPending']),
                    target: 'awaitingFees',
                    actions: 'startSubmit',
                  },
                  { guard: 'isPam', actions: 'showPamErrors' },
                  {
                    guard: and(['isCheckoutValid', 'usesSavedCard']),
                    target: 'tokenizingSaved',
                    actions: 'startSubmit',
                  },
                  { guard: 'isCheckoutValid', target: 'tokenizing', actions: 'startSubmit' },
                  // "Make deposit" just after the amount changed: the deposit goes on once its fees
                  // are known (§4 amounts), instead of a message that vanishes with the answer.
                  {
                    guard: and(['isValidButForFees', 'areFeesPending']),
                    target: 'awaitingFees',
                    actions: 'startSubmit',
                  },
                  { actions: 'showValidationErrors' },
                ],
                'card.choose': {
                  guard: { type: 'canChooseCard', params: ({ event }) => ({ id: event.savedCardId }) },
                  actions: { type: 'chooseCard', params: ({ event }) => ({ id: event.savedCardId }) },
                },
                'card.savedCvc': { actions: { type: 'assignSavedCvc', params: ({ event }) => ({ cvc: event.cvc }) } },
                'checkout.acknowledgeFees': {
                  actions: { type: 'assignFeesAcknowledged', params: ({ event }) => ({ value: event.value }) },
                },
                'pam.recurring': {
                  guard: { type: 'canSetPamRecurring', params: ({ event }) => ({ biweekly: event.biweekly }) },
                  actions: { type: 'setPamRecurring', params: ({ event }) => ({ biweekly: event.biweekly }) },
                },
                'recurring.type': {
                  guard: {
                    type: 'canSetRecurring',
                    params: ({ event }) => ({ recurringType: event.recurringType }),
                  },
                  actions: {
                    type: 'setRecurringType',
                    params: ({ event }) => ({ recurringType: event.recurringType }),
                  },
                },
                'recurring.day': {
                  guard: { type: 'isRecurringDay', params: ({ event }) => ({ day: event.day }) },
                  actions: { type: 'setRecurringDay', params: ({ event }) => ({ day: event.day }) },
                },
                'roundup.pick': {
                  guard: { type: 'isRoundupOffered', params: ({ event }) => ({ id: event.id }) },
                  actions: { type: 'pickRoundup', params: ({ event }) => ({ id: event.id }) },
                },
              },
            },
            /** §2/§6 pam-require-account modal: sign in, or create an account. */
            pamNeedsAccount: {
              on: { 'checkout.dismiss': 'editing' },
            },
            // §2 pam variant: the server signs the deposit's summary (pam_payload) for the endpoint.
            preparingPam: {
              invoke: {
                id: 'preparePamDeposit',
                src: 'preparePamDeposit',
                input: ({ context }) => ({
                  fees_acknowledged: true,
                  recurring_type: context.pamRecurring && offersPamRecurring(context) ? 'biweekly' : '',
                }),
                onDone: {
                  target: 'postingPam',
                  actions: { type: 'assignPamPayload', params: ({ event }) => ({ answer: event.output }) },
                },
                onError: {
                  target: 'editing',
                  actions: { type: 'assignCallFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            /** pam_payload is form-posted (urlencoded) to pay_url: the browser leaves for the endpoint. */
            postingPam: {
              invoke: {
                id: 'postPamPayload',
                src: 'postPamPayload',
                input: ({ context }) => ({ payUrl: context.pam?.payUrl ?? '', payload: context.pam?.payload ?? '' }),
                onError: {
                  target: 'editing',
                  actions: { type: 'assignCallFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            /**
             * Submitted while the amount's fees were being calculated (the amount is fixed meanwhile:
             * isDepositUnderWay). Known fees go on to the card; a failed or refused amount, or a field
             * changed in between, shows the errors.
             */
            awaitingFees: {
              always: [
                // §2 pam variant: the acknowledged fees are known; the server signs the payload.
                { guard: and([not('areFeesPending'), 'isPam', 'isPamReady']), target: 'preparingPam' },
                { guard: and([not('areFeesPending'), 'isPam']), target: 'editing', actions: 'showPamErrors' },
                {
                  guard: and([not('areFeesPending'), 'isCheckoutValid', 'usesSavedCard']),
                  target: 'tokenizingSaved',
                },
                { guard: and([not('areFeesPending'), 'isCheckoutValid']), target: 'tokenizing' },
                { guard: not('areFeesPending'), target: 'editing', actions: 'showValidationErrors' },
              ],
            },
            // §4 card choice: the saved card's security code goes to the vault, which answers a token.
            tokenizingSaved: {
              invoke: {
                id: 'tokenizeSavedCard',
                src: 'tokenizeSavedCard',
                input: ({ context }) => ({
                  saved_card_id: context.fields.saved_card_id ?? 0,
                  credit_card_cvc: context.savedCvc.trim(),
                }),
                onDone: {
                  target: 'saving',
                  actions: { type: 'assignToken', params: ({ event }) => ({ token: event.output }) },
                },
                onError: {
                  target: 'editing',
                  actions: { type: 'assignCallFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            tokenizing: {
              invoke: {
                id: 'tokenizeCard',
                src: 'tokenizeCard',
                input: ({ context }) => ({ ...context.card }),
                onDone: {
                  target: 'saving',
                  actions: { type: 'assignToken', params: ({ event }) => ({ token: event.output }) },
                },
                onError: {
                  target: 'editing',
                  actions: { type: 'assignCallFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            saving: {
              invoke: {
                id: 'saveCheckout',
                src: 'saveFormState',
                input: ({ context }) => ({ fields: pick(context.fields, CHECKOUT_SAVE_KEYS) }),
                onDone: [
                  {
                    guard: { type: 'hasAnswerErrors', params: ({ event }) => ({ answer: event.output }) },
                    target: 'editing',
                    actions: [
                      { type: 'assignCheckoutAnswer', params: ({ event }) => ({ answer: event.output }) },
                      {
                        type: 'reportSaved',
                        params: ({ context }) => ({ fields: context.fields, saved: CHECKOUT_SAVE_KEYS }),
                      },
                      'showErrors',
                    ],
                  },
                  {
                    target: 'submitting',
                    actions: [
                      { type: 'assignCheckoutAnswer', params: ({ event }) => ({ answer: event.output }) },
                      {
                        type: 'reportSaved',
                        params: ({ context }) => ({ fields: context.fields, saved: CHECKOUT_SAVE_KEYS }),
                      },
                    ],
                  },
                ],
                onError: {
                  target: 'editing',
                  actions: { type: 'assignCallFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            submitting: {
              invoke: {
                id: 'processDeposit',
                src: 'processDeposit',
                input: ({ context }) => ({ confirmDuplicate: context.confirmDuplicate }),
                onDone: [
                  {
                    guard: { type: 'isDepositSuccess', params: ({ event }) => ({ answer: event.output }) },
                    target: '#checkout.done',
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
                      {
                        type: 'reportSaved',
                        params: ({ context }) => ({ fields: context.fields, saved: CHECKOUT_SAVE_KEYS }),
                      },
                    ],
                  },
                  {
                    target: 'editing',
                    actions: [
                      { type: 'assignDepositError', params: ({ event }) => ({ answer: event.output }) },
                      {
                        type: 'reportSaved',
                        params: ({ context }) => ({ fields: context.fields, saved: CHECKOUT_SAVE_KEYS }),
                      },
                    ],
                  },
                ],
                onError: {
                  target: 'editing',
                  actions: { type: 'assignCallFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            warning: {
              on: {
                'checkout.confirmDuplicate': { target: 'submitting', actions: 'confirmDuplicate' },
                'checkout.dismiss': { target: 'editing', actions: 'dismissOutcome' },
              },
            },
            // §4 trust block: a modal offers another deposit type or closing (to change the billing state).
            trustMismatch: {
              on: {
                'checkout.changeType': { actions: 'askForAnotherType' },
                'checkout.dismiss': { target: 'editing' },
              },
            },
          },
        },
      },
    },
    done: {
      type: 'final',
    },
  },
  output: ({ context }) => {
    const receipt = context.fields.cached_deposit_info;
    // isDepositSuccess lets only an answer with receipt information reach `done`.
    if (!receipt) throw new Error('checkout finished without receipt information');
    return { fields: context.fields, receipt };
  },
});

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** The fees region's state, for the payment summary; null once the checkout is done. */
export function feesStateOf(snapshot: CheckoutSnapshot): FeesState | null {
  return FEES_STATES.find((s) => snapshot.matches({ active: { fees: s } })) ?? null;
}

/** The limits region's state (§4/§5); null once the checkout is done. */
export function limitsStateOf(snapshot: CheckoutSnapshot): LimitsState | null {
  return LIMITS_STATES.find((s) => snapshot.matches({ active: { limits: s } })) ?? null;
}
