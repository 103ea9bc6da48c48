// Context, input and events of the wizard and of the machines it invokes (§2, §4).
// The machines themselves live in *.machine.ts beside this file.
import type {
  CountryOption,
  Facility,
  FacilitySummary,
  FieldErrors,
  FormFields,
  Inmate,
  ReceiptInfo,
  Roundup,
  StateOption,
} from '../contract/entities.ts';
import type { DuplicateInfo } from '../contract/api.ts';
import type { DestinationAccount, SavedCard } from '../contract/accounts.ts';

export const WIZARD_ROUTES = ['facility', 'type', 'number', 'recipient', 'checkout', 'receipt'] as const;
export type WizardRoute = (typeof WIZARD_ROUTES)[number];

// ---------------------------------------------------------------- wizard

export interface WizardInput {
  fields: FormFields;
  errors: FieldErrors;
  route: WizardRoute | null;
}
export interface WizardContext {
  fields: FormFields;
  errors: FieldErrors;
  /** Fields changed since the last successful save (what autosave sends). */
  dirty: Partial<FormFields>;
  /** The fields of the autosave request in flight; values typed meanwhile stay in `dirty` (§4). */
  inFlight: Partial<FormFields>;
  /** The route asked for by the URL or a step; the routing state's guards decide (§4). */
  requested: WizardRoute | null;
  facility: Facility | null;
  /** Set when continuing failed (the cannot-continue event of §4): shows the error summary. */
  showErrors: boolean;
  /** i18n key of a failure that is not a field error (a network error on save, a failed load). */
  failure: string | null;
  /** §2 number step: the signed-in payer's phone accounts; null until loaded (a guest has none). */
  destAccounts: DestinationAccount[] | null;
}
export type WizardEvent =
  | { type: 'form.change'; fields: Partial<FormFields> }
  | { type: 'wizard.continue' }
  | { type: 'wizard.back' }
  | { type: 'wizard.navigate'; route: WizardRoute | null }
  | { type: 'wizard.cannotContinue' }
  | { type: 'wizard.retry' }
  | { type: 'wizard.another' }
  | { type: 'type.select'; depositType: FormFields['deposit_type'] }
  /** Closes the type step's login-required modal (§4). */
  | { type: 'type.dismiss' }
  /** Sent by the receipt's modals once a guest's account exists: the payer is signed in (§4). */
  | { type: 'receipt.accountCreated' }
  /** §2 number step: one of the payer's phone accounts, or null for a new number. */
  | { type: 'number.account'; accountId: number | null }
  | { type: 'recipient.select'; inmate: Inmate }
  /**
   * Sent by the checkout child once it has saved fields, so the wizard's copy stays true; `saved`
   * names the fields that save sent.
   */
  | { type: 'checkout.saved'; fields: FormFields; saved: readonly (keyof FormFields)[] };

// ---------------------------------------------------------------- facility picker (child of wizard.facility)

export interface FacilityPickerInput {
  country: string;
  region: string;
  facilityId: number | null;
}
export interface FacilityPickerContext {
  country: string;
  region: string;
  facilityId: number | null;
  countries: CountryOption[];
  regions: StateOption[];
  facilities: FacilitySummary[];
  failure: string | null;
}
export type FacilityPickerEvent =
  | { type: 'facility.country'; country: string }
  | { type: 'facility.region'; region: string }
  | { type: 'facility.select'; facilityId: number }
  | { type: 'facility.retry' };

// ---------------------------------------------------------------- recipient search (child of wizard.recipient)

/**
 * §2/§5 recipient search: by name at standard facilities, by booking number at juvenile and Canadian
 * ones, by A-number plus the first letters of the last name at ICE facilities.
 */
export type SearchMode = 'name' | 'booking' | 'ice';

export interface RecipientSearchInput {
  facilityId: number;
  /** §5: 3 for standard facilities, 2 in the other variant. */
  minLength: number;
  mode: SearchMode;
}
export interface RecipientSearchContext {
  facilityId: number;
  minLength: number;
  query: string;
  page: number;
  results: Inmate[];
  /** Matches counted by the server: all of them, or its cap when `more` is true. */
  total: number;
  /** More people match than `total` (the server counts no further): the screen says "more than". */
  more: boolean;
  perPage: number;
  failure: string | null;
  /** i18n key of the query's validation message, when it is too short. */
  queryError: string | null;
  mode: SearchMode;
  /** ICE: the first 2 or 3 letters of the last name. */
  lastName: string;
  lastNameError: string | null;
}
export type RecipientSearchEvent =
  | { type: 'search.query'; query: string }
  | { type: 'search.lastName'; lastName: string }
  | { type: 'search.page'; page: number }
  | { type: 'search.retry' };

// ---------------------------------------------------------------- checkout (child of wizard.checkout)

/** Card fields live only in the checkout machine's memory and go only to the vault (architecture). */
export interface CardFields {
  credit_card: string;
  credit_card_cvc: string;
  credit_card_month: string;
  credit_card_year: string;
}
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
export interface CheckoutContext {
  fields: FormFields;
  facility: Facility;
  limits: { min: number; max: number };
  /** The typed 'other' amount, as typed. */
  otherAmount: string;
  card: CardFields;
  fee: number | null;
  tax: number | null;
  /** The server's total of amount, fee and tax (not added up here). */
  total: number | null;
  roundups: Roundup[];
  errors: FieldErrors;
  /** The CHECKOUT_ERROR banner (§4): set when a submit found invalid fields. */
  showErrors: boolean;
  outcome: CheckoutOutcome;
  feeFailure: string | null;
  confirmDuplicate: boolean;
  /** §4 card choice: the signed-in payer's saved cards (empty for a guest). */
  savedCards: SavedCard[];
  /** The security code typed for the chosen saved card; goes to the vault only, never saved. */
  savedCvc: string;
  /** §2 pam variant: the fees acknowledgement checkbox. */
  feesAcknowledged: boolean;
  /** §4 pam mode: repeat the deposit on the 1st and the 15th (the endpoint keeps the card). */
  pamRecurring: boolean;
  /** §2 pam variant: the signed payload and where the screen posts it. */
  pam: { payload: string; payUrl: string } | null;
  /** Why the saved cards could not be loaded (i18n key), or null. */
  savedCardsFailure: string | null;
  /** §4/§5 limits region: why no deposit can be taken (refused), or why the checks failed (i18n key). */
  limitsRefusal: string | null;
}
export interface CheckoutOutput {
  fields: FormFields;
  receipt: ReceiptInfo;
}
export type CheckoutEvent =
  | { type: 'amount.preset'; id: string }
  | { type: 'amount.other'; text: string }
  | { type: 'checkout.change'; fields: Partial<FormFields> }
  | { type: 'card.change'; card: Partial<CardFields> }
  | { type: 'checkout.submit' }
  | { type: 'checkout.confirmDuplicate' }
  | { type: 'checkout.dismiss' }
  /** §4 trust mismatch modal: choose another deposit type. */
  | { type: 'checkout.changeType' }
  /** §2 pam variant: the fees acknowledgement. */
  | { type: 'checkout.acknowledgeFees'; value: boolean }
  /** §4 pam mode: one time (false), or bi-weekly on the 1st and the 15th (true). */
  | { type: 'pam.recurring'; biweekly: boolean }
  | { type: 'fees.retry' }
  /** §5 unified-wallet trust: the checks failed (network, server): ask again. */
  | { type: 'limits.retry' }
  /** §4 card choice: a saved card by id, or null for a new card. */
  | { type: 'card.choose'; savedCardId: number | null }
  | { type: 'card.savedCvc'; cvc: string }
  | { type: 'savedCards.retry' }
  /** §4 recurring: '' is one-time; weekly or monthly then needs a day. */
  | { type: 'recurring.type'; recurringType: '' | 'weekly' | 'monthly' }
  | { type: 'recurring.day'; day: number }
  /** §4 roundup: an option's id; NO_ROUNDUP_ID (-1) is "No thanks". */
  | { type: 'roundup.pick'; id: number };
