// Entities of spec §3. Money crosses the wire in dollars with at most two decimals;
// the server keeps integer cents (see server/money.ts).

/** How often a recurring deposit runs (§3 recurring deposits). */
export type RecurringInterval = 'monthly' | 'weekly' | 'biweekly';

export const DEPOSIT_TYPES = ['flex', 'dest', 'trust', 'bail'] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];

export interface DepositTypeOffer {
  /** §3: keyed 1 = flex and dest, 2 = trust, 3 = bail, each with {product}_verified. */
  enabled: boolean;
  verified: boolean;
}

export interface Facility {
  id: number;
  label: string;
  country: string; // 'US' | 'CA'
  state: string; // two-letter state or province code
  deposit_types: Partial<Record<DepositType, DepositTypeOffer>>;
  flex_disabled: boolean;
  fnf_prepaid_enabled: boolean;
  is_juve: boolean;
  is_ice: boolean;
  is_canada: boolean;
  is_standard: boolean;
  deposit_limits: { min: number; max: number };
  pam_enabled: boolean;
  fcc_regulated: boolean;
  tablet_only_fac: boolean;
  touch_pay_enabled: boolean;
  inmate_label: string; // e.g. 'Inmate', 'Resident', 'Detainee'
  /** §6/§9 facility rules of the configuration; the server adds them to every facility it answers. */
  rules?: FacilityRules;
}

/** §2 type-step banners and §6 facility rules (id lists of the server's configuration). */
export interface FacilityRules {
  /** Trust deposits here are made on another site, at this address. */
  trust_redirect_url: string | null;
  /** Trust deposits here are handled by a third-party money transmitter, not this site. */
  trust_third_party: boolean;
  /** Prepaid phone (dest) deposits here go to the trust account instead. */
  prepaid_to_trust: boolean;
}

/** A facility as listed by /pay/get_fac_list. */
export interface FacilitySummary {
  id: number;
  label: string;
  state: string;
  country: string;
}

export interface Inmate {
  id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | null; // YYYY-MM-DD
  book_date: string | null; // YYYY-MM-DD
  booking_code: string;
  principal_code: string;
  fraud_flag: boolean;
  age: number | null;
  photo_url: string | null;
  facility_id: number;
}

export interface CountryOption {
  allowed: boolean;
  code: string; // 'US'
  country: string; // 'United States'
  country_code: string; // '1'
  regex: string; // zip pattern source
  sort: number;
}

export interface StateOption {
  code: string;
  name: string;
}

export interface Fee {
  fee: number;
  tax: number;
  /** Amount, fee and tax added up by the server in cents; the payer is shown this figure. */
  total: number;
}

export interface Roundup {
  id: number; // -1 is "No thanks"
  amount: number;
  roundup_amount: number;
  roundup_diff: number;
  fee: number;
  tax: number;
  /** roundup_amount, fee and tax added up by the server in cents. */
  total: number;
  free_calls: number;
}

export interface SelectedRoundup {
  id: number;
  amount: number;
  roundup_amount: number;
  roundup_diff: number;
  fee: number;
  tax: number;
}

/** What the receipt shows (§2 receipt content); written by /pay/process_deposit. */
export interface ReceiptInfo {
  deposit_id: string;
  order_number: string;
  deposit_time: string; // ISO 8601
  deposit_type: DepositType;
  /** The inmate's names; null for a dest deposit, which goes to a phone account (contract/dest-deposits.ts). */
  recipient_first_name: string | null;
  recipient_last_name: string | null;
  recipient_dob: string | null;
  recipient_age: number | null;
  booking_code: string;
  facility_id: number;
  facility_label: string;
  inmate_label: string;
  amount: number;
  fee: number;
  tax: number;
  total: number;
  card_brand: string;
  card_last4: string;
  card_expiry: string; // MM/YYYY
  billing_country: string;
  /**
   * §2 pam receipt: paid through the external payment endpoint (contract/pam.ts); the receipt shows
   * card last four digits, deposit amount, transaction and payment fee, total.
   */
  pam?: boolean;
  /**
   * §4: the deposit repeats (set up with it at checkout): weekly on a day of the week (0-6), monthly on
   * a day of the month (1-28), or bi-weekly on the 1st and the 15th in pam mode (day 1).
   */
  recurring?: { interval: RecurringInterval; day: number };
  /** dest deposits only: the phone account credited (§2 receipt: phone verification for dest). */
  deposit_phone_no?: string;
  deposit_phone_no_label?: string;
  deposit_phone_country?: string;
}

/**
 * Form state (§3 "kept by the server"). Only the fields that the flows in this codebase use;
 * card numbers and security codes are never part of it (architecture: card vault).
 */
export interface FormFields {
  facility_id: number | null;
  facility_state: string;
  facility_country: string;
  deposit_id: string;
  deposit_type: DepositType | '';
  deposit_amount: number | null;
  deposit_amount_id: string; // '25' | '50' | '75' | '100' | '150' | 'other' | ''
  deposit_fee: number | null;
  deposit_total: number | null;
  deposit_inmate_id: string;
  deposit_inmate_first_name: string;
  deposit_inmate_last_name: string;
  deposit_inmate_booking_code: string;
  deposit_inmate_booking_date: string;
  deposit_inmate_dob: string;
  dep_principal_code: string;
  billing_first_name: string;
  billing_last_name: string;
  billing_address1: string;
  billing_address2: string;
  billing_city: string;
  billing_state: string;
  billing_zip: string;
  billing_country: string;
  /** The four agreement checkboxes of the checkout terms list (§2). */
  terms_1: boolean;
  terms_2: boolean;
  terms_3: boolean;
  terms_4: boolean;
  /** Derived by the server: all four terms ticked. */
  billing_agree_terms: boolean;
  card_token: string;
  card_brand: string;
  card_display: string; // '**** **** **** 1111'
  credit_card_month: string; // '01'..'12'
  credit_card_year: string; // 'YYYY'
  email: string;
  phone_no: string;
  phone_country: string;
  min_deposit_amount: number | null;
  max_deposit_amount: number | null;
  logged_in: boolean;
  locale: Locale;
  skip_completed_steps: boolean;
  /** Set once a deposit is processed; the receipt reads it. */
  cached_deposit_info: ReceiptInfo | null;
  /** The signed-in payer's saved card to charge (contract/checkout-services.ts). */
  saved_card_id: number | null;
  /** §3/§4: '' one-time, 'weekly' (increment 0-6) or 'monthly' (increment 1-28). */
  recurring_type: '' | 'weekly' | 'monthly';
  recurring_increment: number | null;
  /** §4: a roundup is picked; the server recomputes selected_roundup's figures from its id. */
  roundups: boolean;
  selected_roundup: SelectedRoundup | null;
  /** §2 pam variant: the signed payload and where it is posted (server owned). */
  pam_payload: string;
  pay_url: string;
  /**
   * §2 number step (dest): the friends-and-family phone account. Digits only: 10 for a US number;
   * a non-US number is kept with the 011 international prefix (§9). Its label is as the payer sees
   * it, e.g. '(512) 555-0100'.
   */
  deposit_phone_no: string;
  deposit_phone_no_label: string;
  deposit_phone_country: string;
  /** The signed-in payer's saved phone account chosen on the number step, or null for a new number. */
  dest_account_id: number | null;
  /**
   * §6: the signed-in payer's sso token for professional requests, kept here by the server when it
   * issues one (contract/professional.ts); '' when there is none (server owned).
   */
  sso_token: string;
  /**
   * §3 unified wallet (contract/unified-wallet.ts): written by the server from the saved facility and
   * deposit type (server owned), so the mode is on only where the facility has a wallet.
   */
  unified_wallet_enabled: boolean;
  oc_facility_id: string;
  uw_pinDebit: string;
  uw_advpay: string;
  uw_trust: string;
  como_facility_id: string;
  como_service_id: string;
  /**
   * §3/§4 deep contact (contract/deep-contact.ts): the payer came from a link naming the facility and
   * the person; written by POST /pay/deep_contact only (server owned), ended by another facility or
   * recipient. deep_zuid is the partner's user id from the link ('' without one).
   */
  deep_contact: boolean;
  deep_contact_inmate_fraud: boolean;
  deep_zuid: string;
  /**
   * §3/§5: the signed-in payer's primary phone account number in stored form (a non-US number with
   * the 011 prefix, §9); '' for a guest or without one. Server owned, read from the account.
   */
  primary_no: string;
  /**
   * §2 shared layout: the URL of the global header's navigation script (contract/nav-header.ts),
   * from the server's NAV_SCRIPT_URL; '' when none is configured (server owned).
   */
  nav_script_url: string;
}

export type Locale = 'en' | 'es';
export const LOCALES: readonly Locale[] = ['en', 'es'];

/** Parameters of calls that are not form fields: the §3 Search fields, result page, country, analytics client id. */
export type ParamErrorKey = 'name_query' | 'booking_code' | 'inmate_last_name' | 'page' | 'country' | 'ga_client_id';

/** Field name -> i18n key of the message (§5: "label - message"). saved_card_cvc is the chosen saved card's code (§4). */
export type FieldErrors = Partial<
  Record<keyof FormFields | 'credit_card' | 'credit_card_cvc' | 'saved_card_cvc' | 'form' | ParamErrorKey, string>
>;

export const EMPTY_FORM: FormFields = {
  facility_id: null,
  facility_state: '',
  facility_country: 'US',
  deposit_id: '',
  deposit_type: '',
  deposit_amount: null,
  deposit_amount_id: '',
  deposit_fee: null,
  deposit_total: null,
  deposit_inmate_id: '',
  deposit_inmate_first_name: '',
  deposit_inmate_last_name: '',
  deposit_inmate_booking_code: '',
  deposit_inmate_booking_date: '',
  deposit_inmate_dob: '',
  dep_principal_code: '',
  billing_first_name: '',
  billing_last_name: '',
  billing_address1: '',
  billing_address2: '',
  billing_city: '',
  billing_state: '',
  billing_zip: '',
  billing_country: 'US',
  terms_1: false,
  terms_2: false,
  terms_3: false,
  terms_4: false,
  billing_agree_terms: false,
  card_token: '',
  card_brand: '',
  card_display: '',
  credit_card_month: '',
  credit_card_year: '',
  email: '',
  phone_no: '',
  phone_country: 'US',
  min_deposit_amount: null,
  max_deposit_amount: null,
  logged_in: false,
  locale: 'en',
  skip_completed_steps: false,
  cached_deposit_info: null,
  saved_card_id: null,
  deposit_phone_no: '',
  deposit_phone_no_label: '',
  deposit_phone_country: 'US',
  dest_account_id: null,
  recurring_type: '',
  recurring_increment: null,
  roundups: false,
  selected_roundup: null,
  pam_payload: '',
  pay_url: '',
  sso_token: '',
  unified_wallet_enabled: false,
  oc_facility_id: '',
  uw_pinDebit: '',
  uw_advpay: '',
  uw_trust: '',
  como_facility_id: '',
  como_service_id: '',
  deep_contact: false,
  deep_contact_inmate_fraud: false,
  deep_zuid: '',
  primary_no: '',
  nav_script_url: '',
};

/**
 * The checkout's billing address (§3 form fields), checked by billingSchema on the client and on save.
 * The country comes first: the zip and state rules depend on it.
 */
export const BILLING_KEYS = [
  'billing_country',
  'billing_first_name',
  'billing_last_name',
  'billing_address1',
  'billing_address2',
  'billing_city',
  'billing_state',
  'billing_zip',
] as const satisfies readonly (keyof FormFields)[];
/** A guest's contact (§3), checked by guestContactSchema; the phone's country before its number. */
export const CONTACT_KEYS = ['email', 'phone_country', 'phone_no'] as const satisfies readonly (keyof FormFields)[];
/** The four terms a payer agrees to (§4); billing_agree_terms is true when all four are. */
export const TERMS_KEYS = ['terms_1', 'terms_2', 'terms_3', 'terms_4'] as const satisfies readonly (keyof FormFields)[];

/** Fields that only the server writes; /state/save ignores them. */
export const SERVER_OWNED_FIELDS = [
  'deposit_id',
  'deposit_fee',
  'deposit_total',
  'billing_agree_terms',
  'card_brand',
  'card_display',
  'min_deposit_amount',
  'max_deposit_amount',
  'logged_in',
  'skip_completed_steps',
  'cached_deposit_info',
  'pam_payload',
  'pay_url',
  'sso_token',
  'unified_wallet_enabled',
  'oc_facility_id',
  'uw_pinDebit',
  'uw_advpay',
  'uw_trust',
  'como_facility_id',
  'como_service_id',
  'deep_contact',
  'deep_contact_inmate_fraud',
  'deep_zuid',
  'primary_no',
  'nav_script_url',
] as const satisfies readonly (keyof FormFields)[];
