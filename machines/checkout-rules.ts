// The checkout's rules as plain functions (§4 checkout amounts, card choice, recurring, roundup; §5),
// shared by the checkout's machines and read by its screen.
import type { SavedCard } from '../contract/accounts.ts';
import { type CardBrand, isCardBrand } from '../contract/cards-base.ts';
import { NO_ROUNDUP_ID, CHECKOUT_SERVICE_ERRORS } from '../contract/checkout-services-base.ts';
import { CHECKOUT_PRESETS, OTHER_AMOUNT_MAX_LENGTH, OTHER_PRESET_ID } from '../contract/constants.ts';
import type { Facility, Fee, FieldErrors, FormFields, Roundup, SelectedRoundup } from '../contract/entities.ts';
import { type Limits, amountError, parseAmount } from '../contract/schemas-base.ts';
import { MSG } from '../contract/messages.ts';
import {
  CHECKOUT_CHANGE_KEYS,
  type ChoiceFields,
  type CheckoutContext,
  type CheckoutValues,
  type Submission,
} from './checkout.types.ts';
import { pick } from './form-fields.ts';

/** §2: presets 25, 50, 75, 100, 150 plus 'other'. */
export const PRESET_IDS: readonly string[] = [...CHECKOUT_PRESETS.map(String), OTHER_PRESET_ID];

/** The amount-field message while the fees of a valid amount are still being fetched. */
export const FEES_PENDING = 'CHECKOUT.CALCULATING';

// ---------------------------------------------------------------- amount (§4, §5)

export interface AmountChoice {
  deposit_amount: number | null;
  deposit_amount_id: string;
  otherAmount: string;
  /** i18n key of the amount rule's message, or null. */
  error: string | null;
  status: 'empty' | 'valid' | 'invalid';
}

function choiceOf(amount: number | null, id: string, otherAmount: string, limits: Limits): AmountChoice {
  const error = amountError(amount, limits);
  return { deposit_amount: amount, deposit_amount_id: id, otherAmount, error, status: error ? 'invalid' : 'valid' };
}

/** The 'other' amount as typed: cut to OTHER_AMOUNT_MAX_LENGTH (§5 max 6); empty is no amount yet. */
export function otherChoice(limits: Limits, text: string): AmountChoice {
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
  return choiceOf(Number.isNaN(parsed) ? null : parsed, OTHER_PRESET_ID, typed, limits);
}

/** §4: choosing a preset other than 'other' clears the custom amount; null for an unknown id. */
export function presetChoice(limits: Limits, otherAmount: string, id: string): AmountChoice | null {
  if (!PRESET_IDS.includes(id)) return null;
  if (id === OTHER_PRESET_ID) return otherChoice(limits, otherAmount);
  return choiceOf(Number(id), id, '', limits);
}

/** The 'other' amount shown when the checkout opens with one saved. */
export function savedOtherAmount(fields: Pick<FormFields, 'deposit_amount' | 'deposit_amount_id'>): string {
  return fields.deposit_amount_id === OTHER_PRESET_ID && fields.deposit_amount !== null
    ? String(fields.deposit_amount)
    : '';
}

// ---------------------------------------------------------------- card choice, recurring, roundup (§4)

/** §4 card choice: the saved card the payer chose, when it is one of theirs and not expired. */
export function chosenSavedCard(cards: readonly SavedCard[], id: number | null): SavedCard | null {
  return id === null ? null : (cards.find((c) => c.id === id && !c.expired) ?? null);
}

/** §5: the brand of a saved card (the vault records card-validator's names), which sets its code's length. */
export function savedCardBrand(card: Pick<SavedCard, 'card_type'> | null): CardBrand | null {
  return card && isCardBrand(card.card_type) ? card.card_type : null;
}

/** §4: recurring is offered to a signed-in payer who has saved cards (not for bail, paid once). */
export function offersRecurring(who: { signedIn: boolean; depositType: string; hasSavedCards: boolean }): boolean {
  return who.signedIn && who.depositType !== 'bail' && who.hasSavedCards;
}

/**
 * §4 pam mode: recurring is "described as bi-weekly on the 1st and 15th"; the endpoint takes and keeps the
 * card, so no saved card is needed. The payer is signed in (§6); bail is paid once (§3).
 */
export function offersPamRecurring(facility: Pick<Facility, 'pam_enabled'>, fields: FormFields): boolean {
  return facility.pam_enabled && fields.logged_in && fields.deposit_type !== 'bail';
}

/** §4/§9: the roundup options beyond "No thanks", for one-time payments only. */
export function roundupOffers(options: readonly Roundup[], choice: Pick<ChoiceFields, 'recurring_type'>): Roundup[] {
  if (choice.recurring_type !== '') return [];
  return options.filter((r) => r.id !== NO_ROUNDUP_ID);
}

/** The form-state copy of a roundup option. */
export function selectedOf(option: Roundup): SelectedRoundup {
  const { id, amount, roundup_amount, roundup_diff, fee, tax } = option;
  return { id, amount, roundup_amount, roundup_diff, fee, tax };
}

// ---------------------------------------------------------------- the payment summary (§2)

export interface CheckoutTotals {
  amount: number;
  fee: number | null;
  tax: number | null;
  /** The server's total of amount, fee and tax once the fees are known; 0 otherwise (§4: 0 when out of bounds). */
  total: number;
}

/**
 * The payment summary of §2; the screen shows these figures and computes none. §4: a picked roundup
 * replaces amount, fees and total with its own figures. Totals are the server's, added up in cents.
 */
export function checkoutTotals(
  amount: number | null,
  quote: Fee | null,
  options: readonly Roundup[],
  picked: SelectedRoundup | null,
): CheckoutTotals {
  if (!quote) return { amount: amount ?? 0, fee: null, tax: null, total: 0 };
  const option = picked ? options.find((r) => r.id === picked.id && r.id !== NO_ROUNDUP_ID) : undefined;
  return option
    ? { amount: option.roundup_amount, fee: option.fee, tax: option.tax, total: option.total }
    : { amount: amount ?? 0, fee: quote.fee, tax: quote.tax, total: quote.total };
}

// ---------------------------------------------------------------- submit

/**
 * What the checkout itself finds wrong on a submit (the form checks its own fields): the amount, the
 * chosen saved card, the recurring choice (§4: it needs a saved card and a day).
 */
export function flowErrors(context: Pick<CheckoutContext, 'amount' | 'payment' | 'choice' | 'facility'>): FieldErrors {
  const { amount, payment, choice } = context;
  const errors: FieldErrors = amount.error ? { deposit_amount: amount.error } : {};
  if (context.facility.pam_enabled) return errors;
  if (payment.saved_card_id !== null && !payment.chosenIsValid) errors.saved_card_id = MSG.invalid;
  if (choice.recurring_type !== '') {
    if (payment.saved_card_id === null) errors.recurring_type = CHECKOUT_SERVICE_ERRORS.recurringNeedsSavedCard;
    if (choice.recurring_increment === null) errors.recurring_increment = MSG.required;
  }
  return errors;
}

/** Only the amount's fees are missing: a submit waits for them (§4 amounts). */
export function onlyFeesPending(context: Pick<CheckoutContext, 'amount' | 'payment' | 'choice' | 'facility'>): boolean {
  const errors = flowErrors(context);
  return context.amount.pending && errors.deposit_amount === FEES_PENDING && Object.keys(errors).length === 1;
}

/** A submit of these values: what it saves first (never a card number nor a security code) and how it pays. */
export function submissionOf(context: CheckoutContext, values: CheckoutValues): Submission {
  const pam = context.facility.pam_enabled;
  const { choice, payment, amount } = context;
  return {
    values,
    fields: {
      deposit_amount: amount.deposit_amount,
      deposit_amount_id: amount.deposit_amount_id,
      ...pick(values, CHECKOUT_CHANGE_KEYS),
      saved_card_id: payment.saved_card_id,
      recurring_type: choice.recurring_type,
      recurring_increment: choice.recurring_increment,
      roundups: choice.roundups,
      selected_roundup: choice.selected_roundup,
    },
    pam: pam ? { recurring: choice.pamRecurring && offersPamRecurring(context.facility, context.fields) } : null,
  };
}
