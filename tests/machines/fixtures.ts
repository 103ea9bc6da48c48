// Test data for the machine tests, taken from fixtures/ (the one source of sample data) where it
// exists, typed with the contract so a change of shape there is a compile error here.
import type {
  CheckoutResponse,
  FeesAndRoundupsResponse,
  SearchInmatesResponse,
  StateAllResponse,
  StateSaveResponse,
  TokenizeResponse,
} from '../../contract/api.ts';
import type {
  CountryOption,
  Facility,
  FieldErrors,
  FormFields,
  Inmate,
  ReceiptInfo,
  StateOption,
} from '../../contract/entities.ts';
import { EMPTY_FORM } from '../../contract/entities.ts';
import type { CallFailure } from '../../machines/actors.types.ts';
import countriesJson from '../../fixtures/countries.json' with { type: 'json' };
import facilitiesJson from '../../fixtures/facilities.json' with { type: 'json' };
import inmatesJson from '../../fixtures/inmates.json' with { type: 'json' };
import regionsJson from '../../fixtures/regions.json' with { type: 'json' };

export const FACILITIES: Facility[] = facilitiesJson;
export const COUNTRIES: CountryOption[] = countriesJson;
export const REGIONS_US: StateOption[] = regionsJson.US;

function facility(id: number): Facility {
  const found = FACILITIES.find((f) => f.id === id);
  if (!found) throw new Error(`fixtures/facilities.json has no facility ${id}`);
  return found;
}

/** Standard facility, limits 10..250, flex/dest/trust. */
export const HARRIS = facility(1001);
/** Standard facility, limits 20..100. */
export const TRAVIS = facility(1002);
/** Non-standard facility (search minimum 2). */
export const NON_STANDARD = facility(2001);

/** §3: age is derived; the fixture leaves it out. */
export const INMATES: Inmate[] = inmatesJson.map((i) => ({ ...i, age: null }));

function inmate(pred: (i: Inmate) => boolean, what: string): Inmate {
  const found = INMATES.find(pred);
  if (!found) throw new Error(`fixtures/inmates.json has no ${what}`);
  return found;
}

export const INMATE = inmate((i) => i.facility_id === HARRIS.id && !i.fraud_flag, 'inmate of 1001');
export const FRAUD_INMATE = inmate((i) => i.fraud_flag, 'fraud-flagged inmate');

export const HARRIS_INMATES = INMATES.filter((i) => i.facility_id === HARRIS.id);

export function searchAnswer(page: number, inmates: Inmate[] = HARRIS_INMATES, perPage = 6): SearchInmatesResponse {
  return {
    inmates: inmates.slice((page - 1) * perPage, page * perPage),
    total: inmates.length,
    page,
    per_page: perPage,
  };
}
export const NO_MATCH: SearchInmatesResponse = { inmates: [], total: 0, page: 1, per_page: 6 };

export const FACILITY_OPTIONS = {
  countries: COUNTRIES,
  regions: REGIONS_US,
  facilities: FACILITIES.filter((f) => f.state === 'TX').map(({ id, label, state, country }) => ({
    id,
    label,
    state,
    country,
  })),
};

// ---------------------------------------------------------------- form state

/** A guest who chose Harris County, flex, and a recipient. */
export const RECIPIENT_FIELDS: FormFields = {
  ...EMPTY_FORM,
  facility_id: HARRIS.id,
  facility_state: 'TX',
  facility_country: 'US',
  deposit_type: 'flex',
  deposit_inmate_id: INMATE.id,
  deposit_inmate_first_name: INMATE.first_name,
  deposit_inmate_last_name: INMATE.last_name,
};

export const NEXT_YEAR = String(new Date().getFullYear() + 2);

/** Everything a guest's new-card checkout needs (§4 card choice, §5). */
export const VALID_BILLING: Partial<FormFields> = {
  billing_first_name: 'Ann',
  billing_last_name: 'Lee',
  billing_address1: '1 Main St',
  billing_city: 'Houston',
  billing_state: 'TX',
  billing_zip: '77002',
  billing_country: 'US',
  email: 'ann@example.com',
  phone_no: '(713) 555-0100',
  phone_country: 'US',
  terms_1: true,
  terms_2: true,
  terms_3: true,
  terms_4: true,
};
export const VALID_CARD = {
  credit_card: '4111111111111111',
  credit_card_cvc: '123',
  credit_card_month: '12',
  credit_card_year: NEXT_YEAR,
};

export function saveAnswer(fields: FormFields, errors: FieldErrors = {}): StateSaveResponse {
  return { fields, errors };
}

export const SITE = {
  customer_service_phone: '1-800-555-0100',
  support_phone: '1-800-555-0199',
  visit_url: 'https://visits.example.com/schedule',
};

export function bootAnswer(fields: FormFields = EMPTY_FORM, locale: 'en' | 'es' = 'en'): StateAllResponse {
  return { fields, errors: {}, locale, csrf_token: 'csrf', site: SITE };
}

export const FEES: FeesAndRoundupsResponse = {
  original_deposit_best_fee: { fee: 2.95, tax: 0.3 },
  roundups: [{ id: 1, amount: 25, roundup_amount: 30, roundup_diff: 5, fee: 2.95, tax: 0.3, free_calls: 1 }],
};

export const TOKEN: TokenizeResponse = {
  token: 'tok_1',
  brand: 'visa',
  last4: '1111',
  exp_month: '12',
  exp_year: NEXT_YEAR,
};

export const RECEIPT: ReceiptInfo = {
  deposit_id: 'D-1',
  order_number: '1000001',
  deposit_time: '2026-01-02T03:04:05Z',
  deposit_type: 'flex',
  recipient_first_name: INMATE.first_name,
  recipient_last_name: INMATE.last_name,
  recipient_dob: INMATE.date_of_birth,
  recipient_age: null,
  booking_code: INMATE.booking_code,
  facility_id: HARRIS.id,
  facility_label: HARRIS.label,
  inmate_label: HARRIS.inmate_label,
  amount: 25,
  fee: 2.95,
  tax: 0.3,
  total: 28.25,
  card_brand: 'visa',
  card_last4: '1111',
  card_expiry: `12/${NEXT_YEAR}`,
  billing_country: 'US',
};

export function depositSuccess(fields: FormFields): CheckoutResponse {
  const form_state = { ...fields, deposit_id: RECEIPT.deposit_id, card_token: '', cached_deposit_info: RECEIPT };
  return {
    success: true,
    warning: null,
    error: null,
    errors: {},
    duplicate: null,
    cached_deposit_info: RECEIPT,
    form_state,
  };
}
export function depositWarning(fields: FormFields): CheckoutResponse {
  return {
    success: false,
    warning: 'DUPLICATE_TRANSACTION_WARNING',
    error: null,
    errors: {},
    duplicate: { amount: 25, deposit_time: '2026-01-02T03:04:05Z' },
    cached_deposit_info: null,
    form_state: fields,
  };
}
export function depositError(fields: FormFields, error: string | null = 'card declined'): CheckoutResponse {
  return {
    success: false,
    warning: null,
    error,
    errors: {},
    duplicate: null,
    cached_deposit_info: null,
    form_state: { ...fields, card_token: '' },
  };
}

export const NETWORK_FAILURE: CallFailure = { status: 0, code: 'ERROR.NETWORK', errors: {} };
export const CARD_REJECTED: CallFailure = {
  status: 400,
  code: 'ERROR.BAD_REQUEST',
  errors: { credit_card: 'VALIDATION.INVALID_CARD_NUMBER' },
};
