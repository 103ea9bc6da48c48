// Context, input and events of the wizard and of the machines it invokes (§2, §4).
// The machines themselves live in *.machine.ts beside this file.
import type {
  CountryOption,
  Facility,
  FacilitySummary,
  FieldErrors,
  FormFields,
  Inmate,
  StateOption,
} from '../contract/entities.ts';
import type { DestinationAccount } from '../contract/accounts.ts';
import type { StateSaveResponse } from '../contract/api.ts';
import type { SystemId } from './system.ts';

export const WIZARD_ROUTES = ['facility', 'type', 'number', 'recipient', 'checkout', 'receipt'] as const;
export type WizardRoute = (typeof WIZARD_ROUTES)[number];

// ---------------------------------------------------------------- wizard

export interface WizardInput {
  fields: FormFields;
  errors: FieldErrors;
  route: WizardRoute | null;
  /** §2 /deposit_facility/:country: the country the address names (machines/pages.ts). */
  country?: string | null;
}
export interface WizardContext {
  fields: FormFields;
  errors: FieldErrors;
  /** Fields changed since the last successful save (what autosave sends). */
  dirty: Partial<FormFields>;
  /** The fields of the autosave request in flight; values typed meanwhile stay in `dirty` (§4). */
  inFlight: Partial<FormFields>;
  /** Who asked for a save now (form.save) and waits for the answer of the next request. */
  waiters: SystemId[];
  /** Who waits for the answer of the request in flight. */
  answering: SystemId[];
  /** The route asked for by the URL or a step; the routing state's guards decide (§4). */
  requested: WizardRoute | null;
  /**
   * §2 /deposit_facility/:country: the country the address asks the facility step for, until that step
   * has taken it (the saved country may be another, from an earlier choice).
   */
  askedCountry: string | null;
  facility: Facility | null;
  /** Set when continuing failed (the cannot-continue event of §4): shows the error summary. */
  showErrors: boolean;
  /** i18n key of a failure that is not a field error (a network error on save, a failed load). */
  failure: string | null;
  /** §2 number step: the signed-in payer's phone accounts; null until loaded (a guest has none). */
  destAccounts: DestinationAccount[] | null;
}
/**
 * The number step's form (docs/decisions/0041): a new number and its country, typed and checked in the
 * form with the contract's schema (destNumberSchema); each edit is autosaved (§4) through form.change.
 */
export interface NewNumberValues {
  deposit_phone_country: string;
  deposit_phone_no: string;
}

/**
 * The wizard's autosave is the one writer of the server's form state (§4, POST /state/save). Others
 * send it what changed: `form.change` as it is typed (saved throttled, 250 ms), `form.save` to have it
 * saved now (the checkout's amount before its fees, the submission before the deposit, a step's
 * Continue), naming who waits for the answer; `form.answered` hands it the form state another call
 * answered with (process_deposit). Whoever waits is answered `form.saved` or `form.saveFailed`.
 */
export type FormStateEvent =
  | { type: 'form.change'; fields: Partial<FormFields> }
  | { type: 'form.save'; fields: Partial<FormFields>; replyTo: SystemId }
  | { type: 'form.answered'; answer: StateSaveResponse };

/**
 * The wizard's answer: its copy of the form state once the server's answer is applied (`answer.fields`),
 * with the server's errors on that request (`answer.errors`). The checkout hears every one.
 */
export type FormSavedEvent = { type: 'form.saved'; answer: StateSaveResponse };
export type FormSaveFailedEvent = { type: 'form.saveFailed'; error: unknown };
export type FormReplyEvent = FormSavedEvent | FormSaveFailedEvent;

export type WizardEvent =
  | FormStateEvent
  /** The answer to a step's own save (the wizard asks its autosave, like any other). */
  | FormReplyEvent
  | { type: 'wizard.continue' }
  | { type: 'wizard.back' }
  /** A URL or a link asks for a route; the facility step's path may name a country (§2). */
  | { type: 'wizard.navigate'; route: WizardRoute | null; country?: string }
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
  /** §2 number step: Continue with a new number, as the step's form has checked it (§5). */
  | { type: 'number.submit'; values: NewNumberValues }
  | { type: 'recipient.select'; inmate: Inmate };

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
/** A search the recipient step's form found valid (§5): the query, and at ICE facilities the last name's start. */
export interface SearchCriteria {
  query: string;
  /** ICE: the first 2 or 3 letters of the last name ('' elsewhere). */
  lastName: string;
}
export interface RecipientSearchContext {
  facilityId: number;
  /** §5: the name's minimum (the step's form checks it). */
  minLength: number;
  mode: SearchMode;
  /** The search sent (the call's input, trimmed), or null when there is none. */
  sent: SearchCriteria | null;
  page: number;
  results: Inmate[];
  /** Matches counted by the server: all of them, or its cap when `more` is true. */
  total: number;
  /** More people match than `total` (the server counts no further): the screen says "more than". */
  more: boolean;
  perPage: number;
  failure: string | null;
}
export type RecipientSearchEvent =
  | { type: 'search.submit'; values: SearchCriteria }
  | { type: 'search.clear' }
  | { type: 'search.page'; page: number }
  | { type: 'search.retry' };
