// Request and response shapes of the spec §7 calls this codebase implements, with their paths.
// The server (server/routes/*) and the client (src/api/*) both import these: one source of truth.
import type {
  DepositType,
  CountryOption,
  Facility,
  FacilitySummary,
  FieldErrors,
  FormFields,
  Fee,
  Inmate,
  Locale,
  ReceiptInfo,
  Roundup,
  StateOption,
} from './entities.ts';
import type { LegalUrls } from './legal.ts';
import type { DepositStatusInfo } from './deposit-status.ts';

export const PATHS = {
  stateAll: '/state/all',
  stateSave: '/state/save',
  stateErrors: '/state/errors',
  stateClear: '/state/clear',
  allowedCountries: '/pay/allowed_countries',
  stateList: '/pay/get_state_list',
  facilityList: '/pay/get_fac_list',
  facility: (id: number | string) => `/pay/facility/${id}`,
  /** One country of the allowed list (§7 GET /pay/country/{countryCode}). */
  country: (code: string) => `/pay/country/${code}`,
  searchInmates: '/pay/search_inmates',
  searchInmatesSpecial: '/pay/search_inmates_special',
  /** One person of the session's facility, by id (§7 GET /pay/inmate/{inmateId}). */
  inmate: (id: string) => `/pay/inmate/${id}`,
  /** Readies this server's search for the session's facility (§7 GET /pay/prime_inmate_cache). */
  primeInmateCache: '/pay/prime_inmate_cache',
  /** Keeps the analytics client id on the session (§7 POST /pay/set_ga_client_id). */
  setGaClientId: '/pay/set_ga_client_id',
  feesAndRoundups: '/pay/get_fees_and_roundups',
  setLocale: (locale: Locale) => `/pay/set_locale/${locale}`,
  processDeposit: '/pay/process_deposit',
  /** The sandbox card vault (architecture: stands in for a provider's hosted fields). */
  vaultTokenize: '/vault/tokenize',
  logJsError: '/development/log_js_error',
  outbox: '/development/outbox',
} as const;

/** The header every state-changing request carries (architecture: CSRF rule). */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * @public The body of a call that reads none (sign-out, a deletion by its path, a list asked for with
 * POST): `{}`, or no body at all; the route's body schema is generated from this type (server/api-schemas.ts).
 */
export type EmptyRequest = Record<string, never>;

/** Every error body of the API: a 4xx answer is { errors } with i18n keys, never a stack trace. */
export interface ErrorBody {
  errors: FieldErrors;
  /**
   * The request's id, also in the REQUEST_ID_HEADER header and on every log line of the request: a
   * reference the payer can quote to customer service (docs/decisions/0051). Added to every error
   * answer by the server; absent from the bodies the routes build.
   */
  request_id?: string;
}

/** The answer header that carries the request's id (docs/decisions/0051). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Configured values the pages show (§8: customer service numbers; §2: the visit URL; §7: legal text URLs). */
export interface SiteInfo {
  customer_service_phone: string;
  support_phone: string;
  visit_url: string;
  /** §7: the translated URL of each legal text (contract/legal.ts). */
  legal_urls: LegalUrls;
  /** Minutes without a request after which a session ends, in seconds (contract/session.ts). */
  session_idle_seconds?: number;
}

// GET /state/all?ga_client_id=
export interface StateAllResponse {
  fields: FormFields;
  errors: FieldErrors;
  locale: Locale;
  /** Value for CSRF_HEADER on later state-changing requests of this session. */
  csrf_token: string;
  site: SiteInfo;
}

// POST /state/save
export interface StateSaveRequest {
  fields: Partial<FormFields>;
}
export interface StateSaveResponse {
  fields: FormFields;
  errors: FieldErrors;
}

// GET /state/errors
export interface StateErrorsResponse {
  errors: FieldErrors;
}

// GET /pay/allowed_countries
export interface AllowedCountriesResponse {
  countries: CountryOption[];
}

// GET /pay/get_state_list?country=US
export interface StateListResponse {
  states: StateOption[];
}

// GET /pay/get_fac_list?facility_state=TX&country=US
export interface FacilityListResponse {
  facilities: FacilitySummary[];
}

// GET /pay/facility/{id}
export interface FacilityResponse {
  facility: Facility;
}

// GET /pay/country/{countryCode}: one country of GET /pay/allowed_countries's list; 404 otherwise.
export interface CountryResponse {
  country: CountryOption;
}

// GET /pay/inmate/{inmateId}: one person of the session's facility, as a search result shows them
// (docs/decisions/0059); 404 for anyone a search of that facility would not show.
export interface InmateResponse {
  inmate: Inmate;
}

// GET /pay/prime_inmate_cache: the search of the session's facility readied on this server
// (docs/decisions/0059).
export interface PrimeInmateCacheResponse {
  success: boolean;
  /** The session's facility, whose search was readied. */
  facility_id: number;
  /**
   * This call did the work; false when this server had readied the facility's search within the last
   * 30 seconds and nothing was done again.
   */
  warmed: boolean;
}

// POST /pay/set_ga_client_id: the analytics client id, kept on the session only (docs/decisions/0059).
/** @public The route's body schema is generated from this type (server/api-schemas.ts). */
export interface SetGaClientIdRequest {
  /** A client id ("1234567890.1700000000"), or the whole _ga cookie value ("GA1.1.1234567890.1700000000"). */
  ga_client_id: string;
}
export interface SetGaClientIdResponse {
  success: boolean;
}

export interface SearchInmatesResponse {
  inmates: Inmate[];
  /** Matches counted, and paged through: all of them, or the server's cap when `more` is true. */
  total: number;
  /**
   * More people match than `total`: a search counts no further than its cap (docs/decisions/0023);
   * the screen says "more than {total}" and asks the payer to type more.
   */
  more: boolean;
  page: number;
  per_page: number;
}

export interface FeesAndRoundupsResponse {
  original_deposit_best_fee: Fee;
  roundups: Roundup[];
  /**
   * Each checkout preset (§9: 25, 50, 75, 100, 150) that the facility's limits allow, priced like the
   * amount: the payer compares amounts by what they cost without a call per preset (docs/decisions/0052).
   */
  presets: PresetFee[];
}

/** A preset amount (dollars) with its fee, the tax on the fee and the total, as the server adds them. */
export interface PresetFee extends Fee {
  amount: number;
}

// GET /pay/set_locale/{locale}
export interface SetLocaleResponse {
  locale: Locale;
}

// POST /vault/tokenize  (the only call that ever carries a card number or security code)
export interface TokenizeRequest {
  credit_card: string;
  credit_card_cvc: string;
  credit_card_month: string;
  credit_card_year: string;
}
export interface TokenizeResponse {
  token: string;
  brand: string;
  last4: string;
  exp_month: string;
  exp_year: string;
}

// POST /pay/process_deposit
export interface ProcessDepositRequest {
  skip_completed_steps: boolean;
  /** The payer saw DUPLICATE_TRANSACTION_WARNING and chose to deposit again. */
  confirm_duplicate?: boolean;
}
export interface DuplicateInfo {
  amount: number;
  deposit_time: string;
  /**
   * Which earlier deposit the warning means (§4): its order number, type, facility and card, and
   * whether it was a scheduled charge of a recurring deposit rather than one made at a checkout.
   */
  order_number?: string;
  deposit_type?: DepositType;
  facility_label?: string;
  card_brand?: string;
  card_last4?: string;
  recurring?: boolean;
}
/** §3 checkout response: exactly one of success, warning, error is set. */
export interface CheckoutResponse {
  success: boolean;
  warning: string | null; // e.g. 'DUPLICATE_TRANSACTION_WARNING'
  error: string | null; // processor or rule text, e.g. 'NO_AMEX', 'card declined'
  errors: FieldErrors;
  duplicate: DuplicateInfo | null;
  cached_deposit_info: ReceiptInfo | null;
  form_state: FormFields;
  /**
   * The deposit's status as this answer leaves (GET /pay/deposit_status/{id}'s answer), when a deposit
   * was made: the receipt shows it without asking (docs/decisions/0063). Absent or null otherwise.
   */
  deposit_status?: DepositStatusInfo | null;
}

// POST /development/log_js_error
export interface LogJsErrorRequest {
  message: string;
  stack?: string;
  url?: string;
}

// GET /development/outbox  (architecture: texts and emails go to an outbox readable in development)
export interface OutboxMessage {
  id: number;
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  body: string;
  created_at: string; // ISO 8601
}
export interface OutboxResponse {
  messages: OutboxMessage[];
}
