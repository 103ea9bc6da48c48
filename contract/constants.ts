// Business constants of spec §9 and the delays of §4/§9.

export const RESULTS_PER_PAGE = 6;
export const DEFAULT_DEPOSIT = 25;
/** §5: the currency directive bounds every amount. */
export const AMOUNT_BOUND_MIN = 10;
export const AMOUNT_BOUND_MAX = 250;
export const OTHER_AMOUNT_MAX_LENGTH = 6;
export const CHECKOUT_PRESETS = [25, 50, 75, 100, 150] as const;
export const OTHER_PRESET_ID = 'other';
export const LOW_BALANCE_THRESHOLD = 25;
export const DEPOSIT_HISTORY_PAGE_SIZE = 20;

export const DELAYS = {
  stateChange: 50,
  closeModal: 250,
  searchThrottle: 250,
  formSaveThrottle: 250,
  feeThrottle: 250,
  feesTimeout: 30_000,
  scrollAnimation: 500,
} as const;

/** §9 country options: the countries of the facilities (the facility step's choice, its path's country). */
export const FACILITY_COUNTRIES = ['US', 'CA'] as const;

/** §9: excluded from country options, whatever the data says. */
export const SANCTIONED_COUNTRIES = ['SD', 'CU', 'IR', 'SY', 'KP'] as const;

/** §2 progress bar figures per wizard step. */
export const PROGRESS = {
  identity_verify: 15,
  deposit_or_schedule_visit: 20,
  facility: 30,
  type: 40,
  number: 60,
  recipient: 60,
  checkout: 80,
  receipt: 100,
} as const;

/** §5 recipient search minimum lengths. */
export const SEARCH_MIN = { name: 3, nameShort: 2, bookingCode: 2, aNumber: 2 } as const;

export const YEARS_AHEAD = 20;

/**
 * §6/§9 facility rules: the sandbox's default id lists (the configuration may change them; the spec
 * does not show its values). fixtures/README.md names these facilities.
 */
export const DEFAULT_FACILITY_RULES = {
  trustRedirectFacilityIds: [1003],
  trustRedirectUrl: 'https://trust.example.com/deposit',
  noTrustFacilityIds: [1102],
  prepaidToTrustFacilityIds: [1103],
} as const;

/**
 * §1: the language choice is kept in local storage; the app mirrors it in this cookie so the server
 * sends the pre-rendered first screen in that language (docs/decisions/0031).
 */
export const LANGUAGE_COOKIE = 'deposit_lang';
