// Context, input, events and reports of the checkout (§2 checkout, §4) and of its four children: the
// amount and its limits, the payment method, the recurring and roundup choice, the submission. The
// children report to the checkout by events; the checkout hands them what they need by events.
import type { DuplicateInfo, FeesAndRoundupsResponse, PresetFee } from '../contract/api.ts';
import type { SavedCard } from '../contract/accounts.ts';
import type { CheckoutRecurringType } from '../contract/checkout-services.ts';
import {
  BILLING_KEYS,
  CONTACT_KEYS,
  TERMS_KEYS,
  type Facility,
  type Fee,
  type FieldErrors,
  type FormFields,
  type ReceiptInfo,
  type Roundup,
} from '../contract/entities.ts';
import type { Limits } from '../contract/schemas.ts';
import type { FormReplyEvent, FormSavedEvent } from './wizard.types.ts';

/** Card fields go from the form to the card vault only, never to the form state (docs/decisions/0003). */
export interface CardFields {
  credit_card: string;
  credit_card_cvc: string;
  credit_card_month: string;
  credit_card_year: string;
}

/** What the form autosaves as it is typed (§4): billing, guest contact and the four terms. */
export const CHECKOUT_CHANGE_KEYS = [...BILLING_KEYS, ...CONTACT_KEYS, ...TERMS_KEYS] as const;
export type CheckoutChangeKey = (typeof CHECKOUT_CHANGE_KEYS)[number];

/** The error key of the chosen saved card's security code (a field of this screen only). */
export const SAVED_CVC_FIELD = 'saved_card_cvc';
/** The error key of the pam variant's fees acknowledgement (a field of this screen only). */
export const PAM_ACK_FIELD = 'fees_acknowledged';

/**
 * What the payer types on the checkout's form (docs/decisions/0041): the form owns these values and
 * validates them with the contract's schemas; the checkout receives them, valid, with the submit.
 */
export type CheckoutValues = CardFields &
  Pick<FormFields, CheckoutChangeKey> & {
    [SAVED_CVC_FIELD]: string;
    [PAM_ACK_FIELD]: boolean;
  };

// ---------------------------------------------------------------- checkout

export interface CheckoutInput {
  fields: FormFields;
  facility: Facility;
}

export interface CheckoutOutcome {
  /** i18n key of the error banner (§8 checkout failure) or null. */
  errorKey: string | null;
  /** i18n key of the warning (§8) or null. */
  warningKey: string | null;
  duplicate: DuplicateInfo | null;
}

/** The amount as the amount machine reports it: what a submit needs to know of it. */
export interface AmountReport {
  deposit_amount: number | null;
  deposit_amount_id: string;
  /** The limits are settled and an amount may be chosen (§4/§5: not while checking, refused or maxed out). */
  open: boolean;
  /** Its fees are on their way (the throttle, the amount's save, the fees call). */
  pending: boolean;
  /** Why a submit cannot take it (§5 rule, the server's, a failure, fees not known yet); null when priced. */
  error: string | null;
  /** The roundup options of its fees (§9), "No thanks" included; none until it is priced. */
  roundups: Roundup[];
}

/** The card choice as the payment machine reports it (§4 card choice). */
export interface PaymentReport {
  saved_card_id: number | null;
  /** The chosen saved card is one of the payer's and has not expired. */
  chosenIsValid: boolean;
  /** §4: recurring needs saved cards. */
  hasSavedCards: boolean;
}

/** The one-time, recurring or roundup choice as the choices machine reports it (§4). */
export type ChoiceFields = Pick<
  FormFields,
  'recurring_type' | 'recurring_increment' | 'roundups' | 'selected_roundup'
> & {
  /** §4 pam mode: bi-weekly on the 1st and the 15th. */
  pamRecurring: boolean;
};

/** A submit under way: the values it was given, and what it saves and pays. */
export interface Submission {
  values: CheckoutValues;
  /** Fields to save before the deposit (never a card number nor a security code). */
  fields: Partial<FormFields>;
  /** §2 pam variant: the payment endpoint takes the card. */
  pam: { recurring: boolean } | null;
}

export interface CheckoutContext {
  fields: FormFields;
  facility: Facility;
  amount: AmountReport;
  payment: PaymentReport;
  choice: ChoiceFields;
  /** Server errors handed back to the fields, and the machine's own (amount, card choice, recurring). */
  errors: FieldErrors;
  /** The CHECKOUT_ERROR summary (§4): set when a submit found something to correct. */
  showErrors: boolean;
  outcome: CheckoutOutcome;
  submission: Submission | null;
}

export interface CheckoutOutput {
  fields: FormFields;
  receipt: ReceiptInfo;
}

/** Events the screen sends the checkout; it passes each to the child it concerns while editing. */
export type CheckoutEvent =
  | AmountEvent
  | PaymentEvent
  | ChoicesEvent
  | SubmitEvent
  /** The form's autosaved fields changed (billing, contact, terms): to the wizard's autosave (§4). */
  | { type: 'checkout.change'; fields: Partial<Pick<FormFields, CheckoutChangeKey>> }
  /** Fields edited on the form (card fields included, without their values): their server errors go (§5). */
  | { type: 'checkout.edited'; names: string[] }
  /** The form's values, valid by the contract's schemas. */
  | { type: 'checkout.submit'; values: CheckoutValues }
  /** The form found fields to correct: the checkout shows its own errors beside them. */
  | { type: 'checkout.invalid' }
  // Reports of the children.
  | { type: 'amount.report'; report: AmountReport }
  | { type: 'payment.report'; report: PaymentReport }
  | { type: 'choices.report'; choice: ChoiceFields }
  /** The wizard's copy of the form state after an answer (the wizard's autosave is its one writer). */
  | FormSavedEvent
  /** §4 trust mismatch: the payer chose another deposit type. */
  | { type: 'checkout.toType' };

// ---------------------------------------------------------------- amount and limits

export interface AmountContext {
  fields: FormFields;
  facility: Facility;
  limits: Limits;
  /** The typed 'other' amount, as typed. */
  otherAmount: string;
  /** The amount field's message: the §5 rule while typing, or the server's. */
  error: string | null;
  /** The fees of the amount, with the server's total; known only while `open.priced`. */
  quote: Fee | null;
  roundups: Roundup[];
  /**
   * §9 presets with their fees, from the first fees answer on (each answer prices them all): kept while
   * another amount is chosen and priced, so the payer compares amounts by what they cost.
   */
  presetFees: PresetFee[];
  feeFailure: string | null;
  /** The fees' answer that came before the amount's save had answered (docs/decisions/0063). */
  pendingFees: FeesAndRoundupsResponse | null;
  /** §4/§5: why no deposit can be taken (refused), or why the checks failed (i18n key). */
  limitsRefusal: string | null;
}

export type AmountEvent =
  | { type: 'amount.preset'; id: string }
  | { type: 'amount.other'; text: string }
  | { type: 'fees.retry' }
  /** §5 unified-wallet trust: the checks failed (network, server): ask again. */
  | { type: 'limits.retry' };

/** What the amount machine hears: the screen's events, and the wizard's answer to its save (§4). */
export type AmountMachineEvent = AmountEvent | FormReplyEvent;

// ---------------------------------------------------------------- payment method

export interface PaymentInput {
  signedIn: boolean;
  savedCardId: number | null;
}
export interface PaymentContext {
  signedIn: boolean;
  savedCards: SavedCard[];
  savedCardId: number | null;
  /** Why the saved cards could not be loaded (i18n key), or null. */
  failure: string | null;
}
export type PaymentEvent =
  /** §4 card choice: a saved card by id, or null for a new card. */
  { type: 'card.choose'; savedCardId: number | null } | { type: 'savedCards.retry' };

// ---------------------------------------------------------------- recurring and roundup

export interface ChoicesInput {
  fields: FormFields;
  facility: Facility;
}
export interface ChoicesContext {
  choice: ChoiceFields;
  signedIn: boolean;
  depositType: FormFields['deposit_type'];
  /** The roundup options of the amount's fees (§9), "No thanks" included; none while not priced. */
  options: Roundup[];
  /** §4: recurring is offered only when saved cards exist. */
  hasSavedCards: boolean;
  /** §2 pam variant: once or bi-weekly, instead of the card's choices. */
  pam: boolean;
  /** §4 pam mode: bi-weekly is offered (a signed-in payer, not bail). */
  pamOffered: boolean;
}
export type ChoicesEvent =
  /** §4 recurring: '' is one-time; weekly or monthly then needs a day. */
  | { type: 'recurring.type'; recurringType: CheckoutRecurringType }
  | { type: 'recurring.day'; day: number }
  /** §4 roundup: an option's id; NO_ROUNDUP_ID (-1) is "No thanks". */
  | { type: 'roundup.pick'; id: number }
  /** §4 pam mode: one time (false), or bi-weekly on the 1st and the 15th (true). */
  | { type: 'pam.recurring'; biweekly: boolean };
/** What the checkout tells the choices machine of the other children. */
export type ChoicesNews =
  | { type: 'roundups.offer'; options: Roundup[] }
  | { type: 'roundups.withdraw' }
  | { type: 'cards.available'; available: boolean };

// ---------------------------------------------------------------- submission and outcomes

export type SubmitInput = Submission & { current: FormFields };
export interface SubmitContext extends SubmitInput {
  errors: FieldErrors;
  showErrors: boolean;
  outcome: CheckoutOutcome;
  confirmDuplicate: boolean;
  /** §2 pam variant: the signed payload and where the screen posts it. */
  pamPost: { payload: string; payUrl: string } | null;
  /** The deposit the server made (§2 receipt). */
  receipt: ReceiptInfo | null;
}
export type SubmitEvent =
  | { type: 'checkout.confirmDuplicate' }
  | { type: 'checkout.dismiss' }
  /** §4 trust mismatch modal: choose another deposit type. */
  | { type: 'checkout.changeType' };
/** What the submission hears: the screen's events, and the wizard's answer to its save. */
export type SubmitMachineEvent = SubmitEvent | FormReplyEvent;
/** How a submission ended: a deposit made, or back to the form with what went wrong. */
export type SubmitOutput =
  | { kind: 'deposited'; fields: FormFields; receipt: ReceiptInfo }
  | { kind: 'returned'; fields: FormFields; errors: FieldErrors; outcome: CheckoutOutcome; showErrors: boolean };
